import Testing

@testable import MerchantLookupCLI

@Suite("Output formatting of any discount")
struct OutputFormatTests {
    @Test func extremesDoNotTrap() {
        #expect(OutputFormat.percent(Int.min) == "-92233720368547758.08%")
        #expect(OutputFormat.discount(Int.min) == "fee 92233720368547758.08%")
        #expect(OutputFormat.percent(Int.max) == "92233720368547758.07%")
        #expect(OutputFormat.discount(Int.max) == "save 92233720368547758.07%")
    }

    @Test func ordinaryValues() {
        #expect(OutputFormat.percent(350) == "3.5%")
        #expect(OutputFormat.percent(-150) == "-1.5%")
        #expect(OutputFormat.percent(5) == "0.05%")
        #expect(OutputFormat.discount(-150) == "fee 1.5%")
        #expect(OutputFormat.discount(0) == "no discount")
    }
}
