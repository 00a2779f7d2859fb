import DashSpendTestSupport
import Foundation
import Testing

/// What differs between builds with and without PiggyCards, as the CLI shows it (`providers` on the binary itself).
@Suite("The PiggyCards flag as the CLI shows it", hangGuard(minutes: 5))
struct FlagVariantTests {
    #if PIGGYCARDS_ENABLED
    @Test("providers lists CTX and PiggyCards, in the built binary itself")
    func providers() async throws {
        // As a process: what the product was built with, not only the library these tests link.
        let result = try await CLIProcess.run(["providers", "--json"], as: .process)
        #expect(result.stdout == #"{"providers":[{"id":"ctx","name":"CTX"},{"id":"piggycards","name":"PiggyCards"}]}"# + "\n")
    }

    @Test("A PiggyCards-only merchant is found and searchable")
    func piggyCardsOnlyMerchant() async throws {
        let show = try await CLIProcess.run(["show", "312", "--json", "--offline"])
        #expect(show.status == 0, "\(show.stderr)")
        let providers = try #require(try show.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["provider"] as? String } == ["PiggyCards"])
        let search = try await CLIProcess.run(["search", "razer", "--provider", "piggycards", "--json"])
        #expect(try (search.json()["merchants"] as? [[String: Any]])?.first?["name"] as? String == "Razer Gold")
    }

    @Test("On a tie PiggyCards ranks first")
    func tieBreak() async throws {
        let show = try await CLIProcess.run(["show", "a1b2c3d4-0002-4000-8000-000000000002", "--json", "--offline"])
        let providers = try #require(try show.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["provider"] as? String } == ["PiggyCards", "CTX"])
    }

    @Test("--piggycards-url is accepted")
    func urlOption() async throws {
        let result = try await CLIProcess.run(["providers", "--piggycards-url", "http://127.0.0.1:9/"])
        #expect(result.status == 0)
    }
    #else
    @Test("providers lists CTX alone, in the built binary itself")
    func providers() async throws {
        // As a process: what the product was built with, not only the library these tests link.
        let result = try await CLIProcess.run(["providers", "--json"], as: .process)
        #expect(result.stdout == #"{"providers":[{"id":"ctx","name":"CTX"}]}"# + "\n")
    }

    @Test("A PiggyCards-only merchant is 'not found' with a hint that this build has no PiggyCards")
    func piggyCardsOnlyMerchant() async throws {
        let show = try await CLIProcess.run(["show", "312", "--offline"])
        #expect(show.status == 1)
        #expect(show.stderr.contains("not found"))
        #expect(show.stderr.contains("this build has no PiggyCards"))
        let search = try await CLIProcess.run(["search", "razer", "--json"])
        #expect(try (search.json()["merchants"] as? [Any])?.isEmpty == true)
    }

    @Test("--provider piggycards and --piggycards-url are unknown here")
    func noPiggyCardsOptions() async throws {
        #expect(try await CLIProcess.run(["search", "--provider", "piggycards"]).status == 64)
        #expect(try await CLIProcess.run(["providers", "--piggycards-url", "http://127.0.0.1:9/"]).status == 64)
    }
    #endif
}
