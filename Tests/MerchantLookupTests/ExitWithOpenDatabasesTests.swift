import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// The executable exits with its client's databases open (`MerchantLookup.run(…, keepingClient: true)`): what
/// a command wrote is there for the next one, and no journal is left beside the state files.
@Suite("The executable exits without closing its databases")
struct ExitWithOpenDatabasesTests {
    @Test func whatACommandWroteIsKeptAndNoJournalIsLeft() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        try await ConcurrentRefreshTests.withHome { home in
            // An expired session: the process refreshes it (a write of the credentials) and stores the live
            // answer (a write of the state database), then exits without closing.
            try FileCredentialStore(root: home).save(server.expiredCTXSession(), for: .ctx, network: .mainnet)
            let live = try await CLIProcess.run(
                ["show", SampleLookupTests.homeDepot, "--json", "--live"] + ConcurrentRefreshTests.urlOptions(server),
                home: home, as: .process)
            #expect(ConcurrentRefreshTests.answeredLive(live), "exit \(live.status): \(live.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: home + "/mainnet")
            #expect(files.contains("state.db"))
            let leftovers = files.filter { $0.hasSuffix("-journal") || $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }
            #expect(leftovers.isEmpty, "\(leftovers)")
            let offline = try await CLIProcess.run(
                ["show", SampleLookupTests.homeDepot, "--json", "--offline"], home: home, as: .process)
            #expect(Self.discountSource(offline) == "cached", "exit \(offline.status): \(offline.stdout) \(offline.stderr)")
        }
    }

    /// Where the CTX discount of a `show --json` came from.
    private static func discountSource(_ result: CLIProcess.Result) -> String? {
        guard result.status == 0, let json = try? result.json(),
            let providers = json["providers"] as? [[String: Any]],
            let ctx = providers.first(where: { $0["provider"] as? String == "CTX" }),
            let discount = ctx["discountBasisPoints"] as? [String: Any]
        else { return nil }
        return discount["source"] as? String
    }
}
