/// Little-endian reads from a byte array where every access is checked against the array's bounds.
struct ByteReader {
    let bytes: [UInt8]

    /// The `UInt16` at `offset`, or nil past the end.
    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// The `UInt32` at `offset`, or nil past the end.
    func uint32(at offset: Int) -> UInt32? {
        guard let low = uint16(at: offset), let high = uint16(at: offset + 2) else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }

    /// `count` bytes at `offset`, or nil when they do not all lie inside the array.
    func slice(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else { return nil }
        return bytes[offset..<(offset + count)]
    }
}
