/// Reed-Solomon error correction as QR Code uses it (ISO/IEC 18004, 7.5.2): arithmetic in GF(2⁸) modulo the
/// field polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), with generator polynomials whose roots are α⁰ … αⁿ⁻¹ (α = 2).
package enum ReedSolomon {
    /// The field polynomial, with its x⁸ term.
    static let fieldPolynomial = 0x11D

    /// αⁱ for i in 0 ..< 510 (twice round the group, so a sum of two logarithms needs no modulo), and the
    /// logarithm of each non-zero element (`logarithms[0]` is unused).
    private static let tables: (powers: [UInt8], logarithms: [Int]) = {
        var powers = [UInt8](repeating: 0, count: 510)
        var logarithms = [Int](repeating: 0, count: 256)
        var value = 1
        for exponent in 0..<255 {
            powers[exponent] = UInt8(value)
            powers[exponent + 255] = UInt8(value)
            logarithms[value] = exponent
            value <<= 1
            if value & 0x100 != 0 { value ^= fieldPolynomial }
        }
        return (powers, logarithms)
    }()

    /// αᵉ, for any non-negative exponent.
    package static func power(_ exponent: Int) -> UInt8 { tables.powers[exponent % 255] }

    /// The exponent e with αᵉ = `value`; `value` must not be zero.
    package static func logarithm(_ value: UInt8) -> Int {
        precondition(value != 0, "zero has no logarithm in GF(256)")
        return tables.logarithms[Int(value)]
    }

    /// The product of two field elements.
    package static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        guard left != 0, right != 0 else { return 0 }
        return tables.powers[tables.logarithms[Int(left)] + tables.logarithms[Int(right)]]
    }

    /// The coefficients of (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest power first; the first is always 1.
    package static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        for exponent in 0..<degree {
            let root = power(exponent)
            var next = coefficients + [0]
            for index in 1..<next.count {
                next[index] ^= multiply(coefficients[index - 1], root)
            }
            coefficients = next
        }
        return coefficients
    }

    /// The `count` error-correction codewords of one block: the remainder of data(x)·x^count divided by the
    /// generator polynomial of that degree, highest power first.
    package static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        errorCorrection(for: data, generator: generator(degree: count))
    }

    /// The error-correction codewords of one block for a `generator` from `generator(degree:)` (so blocks of
    /// one symbol share it): the remainder, by long division shifting one data codeword in at a time.
    package static func errorCorrection(for data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let count = generator.count - 1
        let divisor = generator.map { $0 == 0 ? -1 : tables.logarithms[Int($0)] }
        var remainder = [UInt8](repeating: 0, count: count)
        tables.powers.withUnsafeBufferPointer { powers in
            remainder.withUnsafeMutableBufferPointer { remainder in
                for byte in data {
                    let factor = byte ^ remainder[0]
                    for index in 0..<(count - 1) { remainder[index] = remainder[index + 1] }
                    remainder[count - 1] = 0
                    guard factor != 0 else { continue }
                    let logFactor = tables.logarithms[Int(factor)]
                    for index in 0..<count where divisor[index + 1] >= 0 {
                        remainder[index] ^= powers[divisor[index + 1] + logFactor]
                    }
                }
            }
        }
        return remainder
    }
}
