/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`), table-driven: the checksum the wallets put in
/// the explore ZIP's comment, of the SQLite file inside it.
package struct CRC32C: Sendable, Hashable {
    /// The checksum of everything passed to ``update(_:)`` so far.
    package private(set) var value: UInt32 = 0

    /// A checksum of nothing yet.
    package init() {}

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        for byte in bytes {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        value = ~crc
    }

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        Array(bytes).withUnsafeBytes { update($0) }
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32C()
        crc.update(bytes)
        return crc.value
    }

    /// The checksum as the wallets write it: lowercase hex without zero padding (`e3069283`, `f00`).
    package var hexString: String { String(value, radix: 16) }

    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
        }
        return crc
    }
}
