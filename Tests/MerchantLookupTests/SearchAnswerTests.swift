import DashSpendTestSupport
import Foundation
import Testing

/// What `search` answers at a glance (issue 21): whether each merchant can be bought now, how many matched,
/// what `--type online`, `--country` and `--territory` mean.
@Suite("search answers: availability, totals, types, countries, territories", hangGuard(minutes: 5))
struct SearchAnswerTests {
    /// Best Buy's only offer is inactive in the sample; Home Depot's is active.
    static let bestBuy = "a1b2c3d4-0007-4000-8000-000000000007"

    /// The row of the table whose id column is `id`, split into its cells.
    static func row(_ output: String, id: String) -> [Substring]? {
        output.split(separator: "\n").first { $0.hasSuffix(id) }?.split(separator: " ")
    }

    @Test("Plain search shows AVAILABLE from the explore database: no for a merchant whose offers are all inactive")
    func availabilityText() async throws {
        let result = try await CLIProcess.run(["search"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("NAME") && result.stdout.split(separator: "\n")[0].contains("AVAILABLE"))
        let bestBuy = try #require(Self.row(result.stdout, id: Self.bestBuy), "\(result.stdout)")
        let homeDepot = try #require(Self.row(result.stdout, id: SampleLookupTests.homeDepot))
        #expect(bestBuy.contains("no") && !bestBuy.contains("yes"), "\(bestBuy)")
        #expect(homeDepot.contains("yes") && !homeDepot.contains("no"), "\(homeDepot)")
        #expect(result.stdout.contains("AVAILABLE: as the explore database says; --refresh asks the providers"))
        // Offline, the footnote does not suggest an option --offline refuses.
        let offline = try await CLIProcess.run(["search", "--offline"])
        #expect(offline.stdout.contains("AVAILABLE: as the explore database says (offline)"), "\(offline.stdout)")
        #expect(!offline.stdout.contains("--refresh"))
    }

    @Test("search --json gives every merchant available with its value and source")
    func availabilityJSON() async throws {
        let result = try await CLIProcess.run(["search", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let merchants = try #require(try result.json()["merchants"] as? [[String: Any]])
        #expect(merchants.allSatisfy { ($0["available"] as? [String: Any])?["source"] as? String == "local" })
        let available = Dictionary(
            uniqueKeysWithValues: merchants.map {
                ($0["merchantId"] as? String ?? "", ($0["available"] as? [String: Any])?["value"] as? Bool)
            })
        #expect(available[Self.bestBuy] == false)
        #expect(available[SampleLookupTests.homeDepot] == true)
    }

    @Test("search --limit 5 says 5 of N, and JSON has total on every page")
    func totals() async throws {
        let all = try await CLIProcess.run(["search", "--json"])
        let count = try #require(try all.json()["merchants"] as? [[String: Any]]).count
        #expect(try all.json()["total"] as? Int == count)
        #expect(count > 5)
        let five = try await CLIProcess.run(["search", "--limit", "5"])
        #expect(five.stdout.contains("showing 5 of \(count) merchants"), "\(five.stdout)")
        let page = try await CLIProcess.run(["search", "--limit", "5", "--offset", "5", "--json"])
        #expect(try page.json()["total"] as? Int == count)
        let pastTheEnd = try await CLIProcess.run(["search", "--offset", "\(count + 10)", "--json"])
        #expect(try pastTheEnd.json()["total"] as? Int == count)
        let whole = try await CLIProcess.run(["search"])
        #expect(!whole.stdout.contains("showing"), "\(whole.stdout)")
    }

    @Test("search --type online includes merchants of type both, and help says so")
    func onlineIncludesBoth() async throws {
        let result = try await CLIProcess.run(["search", "--type", "online", "--json"])
        let merchants = try #require(try result.json()["merchants"] as? [[String: Any]])
        let types = Set(merchants.compactMap { $0["type"] as? String })
        #expect(types == ["online", "both"], "\(types)")
        #expect(merchants.contains { $0["merchantId"] as? String == SampleLookupTests.homeDepot })
        let help = try await CLIProcess.run(["search", "--help"])
        #expect(help.stdout.contains("online (merchants of type both included)"), "\(help.stdout)")
    }

    @Test("--country takes ISO 3166-1 alpha-2 codes only", arguments: ["usa", "12", "XX", "U", "Narnia"])
    func countryRejected(_ value: String) async throws {
        let result = try await CLIProcess.run(["search", "--country", value])
        #expect(result.status == 64, "\(value): \(result.stderr)")
        #expect(result.stderr.contains("--country must be a two-letter ISO 3166-1 country code"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--country accepts a code in any case")
    func countryAccepted() async throws {
        for value in ["US", "gb", "de"] {
            let result = try await CLIProcess.run(["search", "home", "--country", value])
            #expect(result.status == 0, "\(value): \(result.stderr)")
        }
    }

    @Test("--territory TX says territories are full names and suggests Texas; a real name says nothing")
    func territoryAbbreviation() async throws {
        let result = try await CLIProcess.run(["search", "--territory", "TX"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "no merchants found\n")
        #expect(result.stderr.contains("territories are full names"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean Texas?"), "\(result.stderr)")
        let json = try await CLIProcess.run(["search", "--territory", "ny", "--json"])
        #expect(json.stderr.contains("did you mean New York?"), "\(json.stderr)")
        let texas = try await CLIProcess.run(["search", "--territory", "texas"])
        #expect(texas.stderr == SampleNoteTests.line, "no territory note: \(texas.stderr)")
        let quiet = try await CLIProcess.run(["search", "--territory", "TX", "-q"])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
