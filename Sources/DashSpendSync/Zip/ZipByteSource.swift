/// Random access to the bytes of a ZIP: a file read with `pread`, or an array in memory. The archive reads
/// only its end record, its central directory and the local headers through it, never the entry data.
package protocol ZipByteSource {
    /// The length in bytes.
    var size: Int { get }
    /// Exactly `count` bytes at `offset`; throws ``ZipError/outOfBounds(_:)`` naming `what` when they do
    /// not all lie inside the source.
    func bytes(at offset: Int, count: Int, what: String) throws(ZipError) -> [UInt8]
}

/// A ZIP held in memory.
struct ZipMemorySource: ZipByteSource, Sendable {
    /// The whole archive.
    package let data: [UInt8]

    /// The archive `data`.
    package init(_ data: [UInt8]) {
        self.data = data
    }

    /// The length of ``data``.
    package var size: Int { data.count }

    /// Exactly `count` bytes of ``data`` at `offset`.
    package func bytes(at offset: Int, count: Int, what: String) throws(ZipError) -> [UInt8] {
        guard let slice = ByteReader(bytes: data).slice(at: offset, count: count) else { throw .outOfBounds(what) }
        return Array(slice)
    }
}
