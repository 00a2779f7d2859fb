import CZlib

/// The ZIP format's own CRC-32 (zlib's `crc32`), checked for AE-1 entries, which keep it.
package struct CRC32: Sendable, Hashable {
    /// The checksum of everything passed to ``update(_:)`` so far.
    package private(set) var value: UInt32 = 0

    /// A checksum of nothing yet.
    package init() {}

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let count = min(rest.count, Int(UInt32.max >> 1))
            let base = rest.baseAddress!.assumingMemoryBound(to: Bytef.self)
            value = UInt32(truncatingIfNeeded: crc32(uLong(value), base, uInt(count)))
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
    }

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
