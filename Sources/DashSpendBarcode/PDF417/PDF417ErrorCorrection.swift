/// PDF417's Reed-Solomon error correction (ISO/IEC 15438, 5.8 and annex F): arithmetic modulo the prime 929,
/// a generator polynomial (x − 3)(x − 3²)…(x − 3ᵏ) for k = 2^(level + 1) check codewords, and the check
/// codewords the negated remainder of the data polynomial times xᵏ, highest power first.
package enum PDF417ErrorCorrection {
    /// The field's size.
    static let modulus = 929

    /// The number of check codewords of `level` (0 to 8): 2^(level + 1).
    package static func checkCount(level: Int) -> Int { 2 << level }

    /// The level the standard recommends for `dataCount` data codewords (ISO/IEC 15438, table 8): 2 up to 40,
    /// 3 up to 160, 4 up to 320, 5 beyond.
    static func recommendedLevel(dataCount: Int) -> Int {
        switch dataCount {
        case ...40: return 2
        case ...160: return 3
        case ...320: return 4
        default: return 5
        }
    }

    /// The coefficients of the generator of degree `count`, highest power first (the first is 1).
    package static func generator(count: Int) -> [Int] {
        var coefficients = [1]
        var root = 1
        for _ in 0..<count {
            root = root * 3 % modulus
            // Multiply by (x − root).
            var next = coefficients + [0]
            for index in 1..<next.count {
                next[index] = (next[index] + modulus - coefficients[index - 1] * root % modulus) % modulus
            }
            coefficients = next
        }
        return coefficients
    }

    /// The `count` check codewords of `data`.
    package static func checkCodewords(for data: [Int], count: Int) -> [Int] {
        let generator = generator(count: count)
        // The remainder, highest power (x^(count − 1)) first.
        var remainder = [Int](repeating: 0, count: count)
        for codeword in data {
            let factor = (codeword + remainder[0]) % modulus
            for index in 0..<count {
                let carried = index + 1 < count ? remainder[index + 1] : 0
                remainder[index] = (carried + modulus - factor * generator[index + 1] % modulus) % modulus
            }
        }
        return remainder.map { (modulus - $0) % modulus }
    }
}
