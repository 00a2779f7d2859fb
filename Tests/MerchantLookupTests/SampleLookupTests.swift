import DashSpendTestSupport
import Foundation
import Testing

/// The CLI over the embedded sample.
@Suite("merchant-lookup on the embedded sample", hangGuard(minutes: 5))
struct SampleLookupTests {
    static let homeDepot = "a1b2c3d4-0001-4000-8000-000000000001"

    @Test("search finds a merchant by name prefix, one line per merchant")
    func searchText() async throws {
        let result = try await CLIProcess.run(["search", "home"])
        #expect(result.status == 0)
        #expect(result.stderr == SampleNoteTests.line, "only the sample's note: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.contains { $0.hasPrefix("Home Depot") && $0.contains(Self.homeDepot) && $0.contains("CTX") })
    }

    @Test("search --json follows the contract")
    func searchJSON() async throws {
        let result = try await CLIProcess.run(["search", "depot", "--json", "--limit", "5"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["offset"] as? Int == 0)
        #expect(json["limit"] as? Int == 5)
        let merchants = try #require(json["merchants"] as? [[String: Any]])
        let home = try #require(merchants.first)
        #expect(home["merchantId"] as? String == Self.homeDepot)
        #expect(home["name"] as? String == "Home Depot")
        #expect(home["type"] as? String == "both")
        #expect(home["paymentMethod"] as? String == "gift card")
        #expect(home["discountBasisPoints"] is Int)
        #expect((home["providers"] as? [String])?.first == "CTX")
    }

    @Test("Options may come before or after the command")
    func optionOrder() async throws {
        let before = try await CLIProcess.run(["--json", "--limit", "3", "search", "a"])
        let after = try await CLIProcess.run(["search", "a", "--limit=3", "--json"])
        #expect(before.status == 0)
        #expect(before.stdout == after.stdout)
        #expect(try (before.json()["merchants"] as? [Any])?.count == 3)
    }

    @Test("show resolves each value with its source; offline, nothing is live")
    func showOffline() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, "--json", "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["merchantId"] as? String == Self.homeDepot)
        #expect(json["name"] as? String == "Home Depot")
        let enabled = try #require(json["enabled"] as? [String: Any])
        #expect(enabled["value"] as? Bool == true)
        let providers = try #require(json["providers"] as? [[String: Any]])
        let ctx = try #require(providers.first { $0["provider"] as? String == "CTX" })
        #expect(ctx["sourceId"] as? String == Self.homeDepot)
        let discount = try #require(ctx["discountBasisPoints"] as? [String: Any])
        #expect(discount["value"] as? Int == 300)
        #expect(discount["source"] as? String == "local")
        let denominations = try #require(ctx["denominations"] as? [String: Any])
        let value = try #require(denominations["value"] as? [String: Any])
        #expect(value["type"] as? String == "min-max")
        // The sample's invented values (Fixtures/SampleExplore/050_denomination_values.sql), not the default.
        #expect(value["min"] as? Int == 10)
        #expect(value["max"] as? Int == 2000)
        #expect(denominations["source"] as? String == "local")
        #expect(value.keys.contains("values"))
    }

    @Test("A Dash merchant has no gift-card offers and is enabled from the database")
    func dashMerchant() async throws {
        let result = try await CLIProcess.run(["show", "9001", "--json", "--offline"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["paymentMethod"] as? String == "dash")
        #expect((json["providers"] as? [Any])?.isEmpty == true)
        #expect((json["enabled"] as? [String: Any])?["source"] as? String == "local")
    }

    @Test("URL-redeem merchants are hidden from search unless asked for")
    func urlRedeem() async throws {
        let hidden = try await CLIProcess.run(["search", "uber", "--json"])
        #expect(try (hidden.json()["merchants"] as? [Any])?.isEmpty == true)
        let shown = try await CLIProcess.run(["search", "uber", "--json", "--include-url-redeem"])
        #expect(try (shown.json()["merchants"] as? [[String: Any]])?.first?["name"] as? String == "Uber Eats")
    }

    @Test("--version and --help")
    func versionAndHelp() async throws {
        let version = try await CLIProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("merchant-lookup "))
        let help = try await CLIProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("search"))
        #expect(help.stdout.contains("--ctx-url"))
        #expect(help.stdout.contains("exit codes"))
    }
}
