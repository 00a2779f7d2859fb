import Foundation
import Testing

/// The DocC article "Searching merchants" shows a compiled example (issue 27): its code block is
/// Examples/Sources/SearchingMerchants/main.swift, which CI builds in the examples package.
@Suite("The article Searching merchants shows the example CI builds")
struct SearchingMerchantsArticleTests {
    static let marker = "<!-- The block below is Examples/Sources/SearchingMerchants/main.swift, verbatim"

    @Test("The swift block after the marker in SearchingMerchants.md is the example, byte for byte")
    func sameText() throws {
        let root = ReadmeExampleTests.root
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/DashSpend/DashSpend.docc/SearchingMerchants.md"),
            encoding: .utf8)
        let example = try String(
            contentsOf: root.appendingPathComponent("Examples/Sources/SearchingMerchants/main.swift"), encoding: .utf8)
        let block = try #require(ReadmeExampleTests.block(after: Self.marker, in: article), "no ```swift block")
        #expect(block == example)
        #expect(example.contains("client.search(MerchantSearch(text:"), "by name")
        #expect(example.contains("near:"), "nearby")
        #expect(example.contains("policy: .cacheOnly"), "with offers")
    }
}
