import DashSpendCore
import Foundation
import Testing

@Suite("Decimal text and lenient JSON")
struct DecimalTextTests {
    @Test(arguments: [
        ("50", "50.00"), ("12.5", "12.50"), ("12.505", "12.51"), ("12.504", "12.50"), ("0.005", "0.01"),
        ("-0.005", "-0.01"), ("-0.004", "0.00"), ("999.995", "1000.00"), ("1234567.891", "1234567.89"),
    ])
    func twoDecimals(input: String, expected: String) throws {
        let value = try #require(Decimal(plainText: input))
        #expect(value.plainText(fractionDigits: 2) == expected)
    }

    @Test(arguments: [
        ("0", "0"), ("5", "5"), ("500", "500"), ("25.5", "25.5"), ("5.00", "5"), ("0.005", "0.005"),
        ("-12.50", "-12.5"), ("1e3", "1000"), ("12e-5", "0.00012"), ("-0", "0"),
        ("340282366920938463463374607431768211455", "340282366920938463463374607431768211455"),
    ])
    func exactText(input: String, expected: String) throws {
        let value = try #require(Decimal(string: input))
        #expect(value.exactText == expected)
        #expect(value.exactText == value.description)
    }

    /// The same digits as Foundation's `description` over many values: random mantissas of 1 to 38 digits
    /// (so every length of the 128-bit mantissa), exponents from -40 to 40, both signs, NaN, and results of
    /// arithmetic (which need not be stored compactly).
    @Test func exactTextIsDescription() throws {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<1_000 {
            let length = Int.random(in: 1...38, using: &generator)
            let digits = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let text = (Bool.random(using: &generator) ? "-" : "") + digits + "e\(Int.random(in: -40...40, using: &generator))"
            let value = try #require(Decimal(string: text), "\(text)")
            for derived in [value, value * 100, value / 8, value + Decimal(string: "0.10")!, value - value] {
                #expect(derived.exactText == derived.description, "\(text)")
                checked += 1
            }
        }
        #expect(Decimal.nan.exactText == Decimal.nan.description)
        #expect(checked == 5_000)
    }

    /// `exactText` reads the mantissa's words from the stored layout, on this platform's Foundation (not the
    /// slower arithmetic it falls back to), and reads them right: the largest mantissa, and values made by
    /// arithmetic, whose mantissas need not be compact.
    @Test func readsTheStoredMantissa() throws {
        #expect(DecimalMantissa.words(of: Decimal(UInt64(0x1234_5678_9ABD))) == [0x9ABD, 0x5678, 0x1234])
        #expect(DecimalMantissa.words(of: 0) == [])
        let largest = try #require(Decimal(string: "340282366920938463463374607431768211455"))
        #expect(DecimalMantissa.words(of: largest) == Array(repeating: 0xFFFF, count: 8))
        #expect(largest.exactText == "340282366920938463463374607431768211455")
        let made = try #require(Decimal(string: "817623322.668325")) * 1_000_000 - 1
        #expect(made.exactText == made.description)
    }

    @Test(arguments: ["12.50x", "1e3", "1,000", "12,5", "", " ", "--1", "1-", "."])
    func rejectsNonPlainText(input: String) {
        #expect(Decimal(plainText: input) == nil)
    }

    @Test func lenientAccessors() throws {
        let json = try JSONValue.parse(Data(#"{"a":"12.50","b":7,"c":"true","d":null,"e":450.5,"f":"x"}"#.utf8))
        #expect(json["a"]?.decimal == Decimal(string: "12.5"))
        #expect(json["b"]?.string == "7")
        #expect(json["c"]?.bool == true)
        #expect(json["d"] == nil)
        #expect(json["e"]?.int == 451)
        #expect(json["f"]?.decimal == nil)
    }
}
