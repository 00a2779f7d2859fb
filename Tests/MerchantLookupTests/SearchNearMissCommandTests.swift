import DashSpendTestSupport
import Foundation
import Testing

/// `search` and `show` agree on near misses (issue 27): search finds what show's "did you mean" would name,
/// suggests as show does when it finds nothing, says when a page is past the last merchant, and both refuse
/// a name no merchant could have at once. The text output is in the golden files (`GoldenOutputTests`).
@Suite("search agrees with show on near misses; absurd names refused at once", hangGuard(minutes: 5))
struct SearchNearMissCommandTests {
    @Test(
        "search finds merchants through apostrophes, punctuation, word order and `and`",
        arguments: [
            ("macys", "25366dac-d685-40a6-97a5-8aaa5ff64bdd"), ("dicks", "a1b2c3d4-0008-4000-8000-000000000008"),
            ("depot home", SampleLookupTests.homeDepot), ("barnes and noble", "09a5df81-0f65-49f5-87b1-c3c9d75c25eb"),
        ])
    func found(_ text: String, _ merchantId: String) async throws {
        let result = try await CLIProcess.run(["search", text, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let merchants = try #require(try result.json()["merchants"] as? [[String: Any]])
        #expect(merchants.map { $0["merchantId"] as? String } == [merchantId], "\(text): \(result.stdout)")
    }

    @Test("Nothing found: the JSON page carries the closest merchants as suggestions; an empty list otherwise")
    func suggestionsInJSON() async throws {
        let miss = try await CLIProcess.run(["search", "starbuks", "--json"])
        #expect(miss.status == 0, "\(miss.stderr)")
        let object = try miss.json()
        #expect(object["total"] as? Int == 0)
        let suggestions = try #require(object["suggestions"] as? [[String: Any]], "\(miss.stdout)")
        #expect(suggestions.map { $0["name"] as? String } == ["Starbucks"])
        #expect(suggestions.first?["merchantId"] as? String == "272697d1-4450-4f0c-82f1-ad499f0c2025")
        #expect(suggestions.first?["type"] as? String == "both")
        let hit = try await CLIProcess.run(["search", "home", "--json"])
        #expect(try hit.json()["suggestions"] as? [Any] != nil && (try hit.json()["suggestions"] as? [Any])?.isEmpty == true)
    }

    @Test("search and show say the same did-you-mean for a name that matches nothing")
    func sameAsShow() async throws {
        let show = try await CLIProcess.run(["show", "starbuks", "--offline"])
        #expect(show.stderr == "merchant-lookup: merchant starbuks not found: did you mean Starbucks?\n", "\(show.stderr)")
        let search = try await CLIProcess.run(["search", "starbuks"])
        #expect(search.status == 0)
        #expect(search.stdout == "no merchants found: did you mean Starbucks?\n", "\(search.stdout)")
    }

    @Test("A page past the last merchant says how many there are in all, as the JSON's total does")
    func pastTheLastPage() async throws {
        let json = try await CLIProcess.run(["search", "--offset", "400", "--limit", "5", "--json"])
        let total = try #require(try json.json()["total"] as? Int)
        #expect(total > 0)
        let text = try await CLIProcess.run(["search", "--offset", "400", "--limit", "5"])
        #expect(text.status == 0)
        #expect(text.stdout == "no merchants on this page (\(total) in all)\n", "\(text.stdout)")
    }

    @Test("show and search refuse a 100,000-character name at once: 64, the length said, not the text")
    func absurdNameLength() async throws {
        let long = String(repeating: "a", count: 100_000)
        // The third is a batch: Nike is shown, the long name's failure is printed in its place.
        for arguments in [["show", long, "--offline"], ["search", long], ["show", "Nike", long, "--offline"]] {
            let result = try await CLIProcess.run(arguments)
            let said = result.stdout + result.stderr
            #expect(result.status == 64, "\(arguments[0]): \(result.status) \(said.prefix(300))")
            #expect(
                said.contains("a merchant name or id of 100000 characters is longer than any merchant's (at most 200)"),
                "\(arguments[0]): \(said.prefix(300))")
            #expect(said.count < 1_000, "the name is not repeated back: \(said.count) characters")
        }
    }
}
