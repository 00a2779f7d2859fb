import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// The search front door forgives what people type (issue 27): punctuation, word order and `&` for `and`;
/// a text that matches nothing comes back with the closest names, as `show`'s "did you mean"; and a name no
/// merchant could have is refused at once, before any work.
@Suite("Search: near misses found, closest names on a miss, absurd names refused", hangGuard(minutes: 5))
struct SearchNearMissTests {
    let state: ScratchDirectory
    let client: DashSpendClient

    init() throws {
        state = try ScratchDirectory()
        client = try DashSpendClient(
            configuration: DashSpendConfiguration(
                stateDirectory: state.path, database: .installed(fallback: ClientFixture.sample), offline: true))
    }

    func names(_ text: String) throws -> [String] {
        try client.search(MerchantSearch(text: text)).merchants.map(\.name)
    }

    @Test(
        "Apostrophes, punctuation, word order and `and` for `&`",
        arguments: [
            ("macys", ["Macy's"]), ("dicks", ["Dick's Sporting Goods"]), ("depot home", ["Home Depot"]),
            ("barnes and noble", ["Barnes & Noble"]), ("noble barnes", ["Barnes & Noble"]),
            ("Barnes & Noble", ["Barnes & Noble"]), ("hotels com", ["Hotels.com"]),
            ("sporting dick's", ["Dick's Sporting Goods"]),
            ("cafe rio", ["Café Rio"]), ("rio café", ["Café Rio"]),
        ])
    func forgiving(_ text: String, _ expected: [String]) throws {
        #expect(try names(text) == expected, "\(text)")
    }

    @Test("A phrase that matches keeps the wallets' matching: no words search widens it")
    func phraseFirst() throws {
        #expect(try names("home") == ["Home Depot"])
        let page = try client.search(MerchantSearch(text: "home"))
        #expect(page.suggestions.isEmpty)
    }

    @Test("Nothing matches: the closest names, as show suggests them; none for a search without text")
    func suggestions() throws {
        let page = try client.search(MerchantSearch(text: "starbuks"))
        #expect(page.total == 0 && page.merchants.isEmpty)
        #expect(page.suggestions.map(\.name) == ["Starbucks"])
        #expect(page.suggestions.first?.merchantId == "272697d1-4450-4f0c-82f1-ad499f0c2025")
        let far = try client.search(MerchantSearch(text: "xyzzy-nothing-like-it"))
        #expect(far.total == 0 && far.suggestions.isEmpty)
        let filtered = try client.search(MerchantSearch(territory: "Nowhere"))
        #expect(filtered.total == 0 && filtered.suggestions.isEmpty)
        // A name the other filters left out is not a typing mistake: nothing to suggest.
        let excluded = try client.search(MerchantSearch(text: "home", territory: "Nowhere"))
        #expect(excluded.total == 0 && excluded.suggestions.isEmpty, "\(excluded.suggestions)")
        let misspeltAndExcluded = try client.search(MerchantSearch(text: "starbuks", territory: "Nowhere"))
        #expect(misspeltAndExcluded.suggestions.map(\.name) == ["Starbucks"])
    }

    @Test("A name longer than any merchant's is refused at once as an invalid request, by search and by lookup")
    func absurdLength() async throws {
        let long = String(repeating: "home depot ", count: 10_000)
        let limit = MerchantSearch.maximumNameLength
        let search = await ClientFixture.failure { try client.search(MerchantSearch(text: long)) }
        #expect(search?.kind == .invalidRequest)
        #expect(
            search?.message
                == "a merchant name or id of \(long.count) characters is longer than any merchant's (at most \(limit))")
        let show = await ClientFixture.failure { try await client.merchant(long, policy: .cacheOnly) }
        #expect(show?.kind == .invalidRequest)
        let identify = await ClientFixture.failure { try client.identify(long) }
        #expect(identify?.kind == .invalidRequest)
        // At the limit it is an ordinary miss.
        let longest = String(repeating: "x", count: limit)
        let miss = await ClientFixture.failure { try await client.merchant(longest, policy: .cacheOnly) }
        #expect(miss?.kind == .notFound)
    }
}
