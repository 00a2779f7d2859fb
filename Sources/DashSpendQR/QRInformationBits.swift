/// The BCH-protected format and version information (ISO/IEC 18004, 7.9 and 7.10, annexes C and D).
package enum QRInformationBits {
    /// The two bits that name error-correction level M in the format information.
    static let levelM = 0b00

    /// The 15 format bits for level M and `mask`: the 5 data bits (level, mask), their BCH(15,5) remainder
    /// with the generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (0x537), XORed with 101010000010010 (0x5412) so
    /// that they are never all zero. Bit 14 is the most significant.
    package static func format(mask: QRMask) -> Int {
        let data = levelM << 3 | mask.rawValue
        return (data << 10 | remainder(of: data << 10, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18 version bits for versions 7 and above: the version in 6 bits and its BCH(18,6) remainder with
    /// the generator x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1 (0x1F25). Bit 17 is the most significant.
    package static func version(_ version: Int) -> Int {
        version << 12 | remainder(of: version << 12, generator: 0x1F25, degree: 12)
    }

    /// The remainder of polynomial division over GF(2).
    private static func remainder(of value: Int, generator: Int, degree: Int) -> Int {
        var value = value
        var bit = Int.bitWidth - 1 - value.leadingZeroBitCount
        while bit >= degree {
            if value >> bit & 1 == 1 { value ^= generator << (bit - degree) }
            bit -= 1
        }
        return value
    }
}
