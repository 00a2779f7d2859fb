import DashSpendQR
import Testing

/// Reed-Solomon over GF(256) against published values: the generator polynomials of ISO/IEC 18004 annex A
/// and the error-correction codewords of two well-known version 1-M symbols.
@Suite("QR Reed-Solomon")
struct ReedSolomonTests {
    @Test("The field: α is a generator of order 255 and multiplication follows the logarithms")
    func field() {
        #expect(ReedSolomon.power(0) == 1)
        #expect(ReedSolomon.power(8) == 0x1D)  // α⁸ = x⁴ + x³ + x² + 1
        #expect(ReedSolomon.power(255) == 1)
        #expect(Set((0..<255).map { ReedSolomon.power($0) }).count == 255)
        #expect(ReedSolomon.multiply(0x53, 0xCA) == ReedSolomon.power(ReedSolomon.logarithm(0x53) + ReedSolomon.logarithm(0xCA)))
        for value in 1...255 {
            let element = UInt8(value)
            let inverse = ReedSolomon.power(255 - ReedSolomon.logarithm(element))
            #expect(ReedSolomon.multiply(element, inverse) == 1)
        }
    }

    @Test(
        "Generator polynomials as the standard lists them (exponents of α, highest power first)",
        arguments: [
            (7, [0, 87, 229, 146, 149, 238, 102, 21]),
            (10, [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45]),
        ])
    func generator(degree: Int, exponents: [Int]) {
        #expect(ReedSolomon.generator(degree: degree).map { ReedSolomon.logarithm($0) } == exponents)
    }

    @Test("ISO/IEC 18004 annex I: \"01234567\" in version 1-M")
    func isoExample() {
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    @Test("\"HELLO WORLD\" in version 1-M (alphanumeric mode), the codewords every QR tutorial shows")
    func helloWorld() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("Data followed by its error correction is a multiple of the generator: it vanishes at every root")
    func codewordsVanishAtTheRoots() {
        var random = SplitMix64Bytes(seed: 18004)
        for count in [7, 16, 22, 28, 30] {
            let data = random.bytes(47)
            let message = data + ReedSolomon.errorCorrection(for: data, count: count)
            for root in 0..<count {
                // Horner's rule at x = α^root, highest power first.
                let value = message.reduce(UInt8(0)) { ReedSolomon.multiply($0, ReedSolomon.power(root)) ^ $1 }
                #expect(value == 0, "degree \(count), root α^\(root)")
            }
        }
    }
}
