/// Code 128's three code sets (ISO/IEC 15417, 4.3): A holds ASCII 0 to 95 (controls and upper case), B holds 32
/// to 127 (printable, lower case included), C holds pairs of digits 00 to 99 in one symbol character.
enum Code128CodeSet: Int, Sendable, Hashable, CaseIterable {
    case a, b, c

    /// The start character that begins a symbol in this set: Start A 103, Start B 104, Start C 105.
    var startValue: Int { 103 + rawValue }

    /// The symbol character that switches to this set from another: Code A 101, Code B 100, Code C 99.
    var switchValue: Int {
        switch self {
        case .a: return 101
        case .b: return 100
        case .c: return 99
        }
    }

    /// Shift (98): the next character alone is read in the other one of A and B.
    static let shiftValue = 98

    /// The value of the ASCII character `byte` in set A or B, or nil when the set does not hold it (set C holds
    /// no single characters).
    package func value(of byte: UInt8) -> Int? {
        switch self {
        case .a:
            if byte < 32 { return Int(byte) + 64 }
            return byte < 96 ? Int(byte) - 32 : nil
        case .b:
            return (32..<128).contains(byte) ? Int(byte) - 32 : nil
        case .c:
            return nil
        }
    }
}
