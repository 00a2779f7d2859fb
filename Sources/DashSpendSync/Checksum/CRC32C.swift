/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`): the checksum the wallets put in the explore ZIP's
/// comment, of the SQLite file inside it. Table-driven, eight bytes a step ("slicing-by-8", eight 256-entry
/// tables): the import computes it over the whole database twice, and one table lookup per byte made it a
/// quarter of the import's CPU time.
package struct CRC32C: Sendable, Hashable {
    /// The checksum of everything passed to ``update(_:)`` so far.
    package private(set) var value: UInt32 = 0

    /// A checksum of nothing yet.
    package init() {}

    /// Adds `bytes` to the checksum.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var crc = ~value
        var offset = 0
        let count = bytes.count
        Self.tables.withUnsafeBufferPointer { table in
            while offset + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(base.load(fromByteOffset: offset, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
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

    /// Eight tables of 256 entries, one after the other: table 0 is the classic byte-at-a-time table, and
    /// entry `i` of table `k` is the CRC of byte `i` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
