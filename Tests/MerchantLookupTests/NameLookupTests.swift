import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Names as people type them (issue 21): accents and case folded, the closest names suggested for one not
/// found, and a merchant hidden by the build explained by name as by id.
@Suite("Names: folded accents and case, did-you-mean, hidden merchants by name", hangGuard(minutes: 5))
struct NameLookupTests {
    static let cafeRio = "a1b2c3d4-0009-4000-8000-000000000009"

    @Test("show \"cafe rio\" and \"CAFÉ RIO\" find Café Rio; search cafe lists it")
    func accentsAndCaseFolded() async throws {
        for name in ["cafe rio", "CAFÉ RIO", "Cafe Rio"] {
            let show = try await CLIProcess.run(["show", name, "--offline"])
            #expect(show.status == 0, "\(name): \(show.stderr)")
            #expect(show.stdout.hasPrefix("Café Rio (\(Self.cafeRio))"), "\(name): \(show.stdout)")
        }
        for query in ["cafe", "CAFÉ", "rio"] {
            let search = try await CLIProcess.run(["search", query, "--json"])
            let merchants = try #require(try search.json()["merchants"] as? [[String: Any]])
            #expect(merchants.contains { $0["merchantId"] as? String == Self.cafeRio }, "\(query): \(search.stdout)")
        }
    }

    @Test("show home: not found, did you mean Home Depot?; the JSON error carries the candidates as data")
    func didYouMean() async throws {
        let text = try await CLIProcess.run(["show", "home", "--offline"])
        #expect(text.status == 1)
        #expect(text.stderr == "merchant-lookup: merchant home not found: did you mean Home Depot?\n", "\(text.stderr)")
        let json = try await CLIProcess.run(["show", "homee", "--offline", "--json"])
        #expect(json.status == 1)
        let error = try #require(try json.json()["error"] as? [String: Any])
        #expect(error["hint"] as? String == "did you mean Home Depot?")
        let candidates = try #require(error["candidates"] as? [[String: Any]], "\(json.stdout)")
        #expect(candidates.first?["merchantId"] as? String == SampleLookupTests.homeDepot)
        #expect(candidates.first?["name"] as? String == "Home Depot")
        #expect(candidates.first?["type"] as? String == "both")
    }

    @Test("A JSON error always has a hint key, null when there is nothing to add")
    func hintAlwaysPresent() async throws {
        let json = try await CLIProcess.run(["show", "xyzzy-nothing-like-it", "--offline", "--json"])
        #expect(json.status == 1)
        let error = try #require(try json.json()["error"] as? [String: Any])
        #expect(error.keys.contains("hint") && error["hint"] is NSNull, "\(json.stdout)")
        #expect(error["candidates"] == nil)
    }

    @Test("Suggestions: containing, letters in order, a few typing mistakes; nothing when nothing is close")
    func suggestions() {
        let names = ["Home Depot", "Café Rio", "Texas", "Tennessee", "Nike"]
        #expect(NameMatching.suggestions(for: "home", among: names) == ["Home Depot"])
        #expect(NameMatching.suggestions(for: "TX", among: names) == ["Texas"])
        #expect(NameMatching.suggestions(for: "nikr", among: names) == ["Nike"])
        #expect(NameMatching.suggestions(for: "zzzzzz", among: names) == [])
        #expect(NameMatching.folded("  Café   RIO ") == "cafe rio")
    }

    #if !PIGGYCARDS_ENABLED
    @Test("A PiggyCards-only merchant by name says what it says by id: this build has no PiggyCards")
    func hiddenByName() async throws {
        let byId = try await CLIProcess.run(["show", "312", "--offline"])
        for name in ["Razer Gold", "razer gold"] {
            let byName = try await CLIProcess.run(["show", name, "--offline"])
            #expect(byName.status == byId.status && byName.status == 1, "\(name): \(byName.stderr)")
            #expect(byName.stderr.contains("this build has no PiggyCards"), "\(name): \(byName.stderr)")
        }
    }
    #endif
}
