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
