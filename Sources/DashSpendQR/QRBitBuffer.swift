/// Bits appended most significant first and read back as bytes (the last one padded with zero bits).
struct QRBitBuffer: Sendable, Hashable {
    /// The bytes so far.
    package private(set) var bytes: [UInt8] = []
    /// How many bits were appended.
    package private(set) var count = 0

    /// An empty buffer.
    package init() {}

    /// Appends the low `bits` bits of `value`, most significant first.
    package mutating func append(_ value: Int, bits: Int) {
        precondition(bits >= 0 && bits <= 31 && value >> bits == 0, "\(value) does not fit in \(bits) bits")
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if value >> shift & 1 == 1 { bytes[count / 8] |= 0x80 >> (count % 8) }
            count += 1
        }
    }
}
