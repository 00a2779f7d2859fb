import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several `merchant-lookup` processes sharing one state folder, all holding an expired CTX access token,
/// against a loopback server whose refresh tokens are single-use (rotated) and whose refresh answers slowly.
// A hang guard far above the work: 20 trials of up to 16 processes took 4.5 minutes on a loaded machine.
@Suite("Processes refreshing one CTX session at once", .serialized, hangGuard(minutes: 15))
struct ConcurrentRefreshTests {
    static let trials = 20

    /// A fresh state folder per trial, removed afterwards.
    static func withHome<T>(_ body: (String) async throws -> T) async rethrows -> T {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-refresh-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        return try await body(home)
    }

    static func urlOptions(_ server: MockProviderServer) -> [String] {
        GiftCardProvider.allCases.flatMap { ["--\($0.id)-url", server.baseURL(for: $0).absoluteString] }
    }

    /// Whether `result` is a `show --json` whose CTX discount came from the live answer.
    static func answeredLive(_ result: CLIProcess.Result) -> Bool {
        guard result.status == 0, let json = try? result.json(),
            let providers = json["providers"] as? [[String: Any]],
            let ctx = providers.first(where: { $0["provider"] as? String == "CTX" }),
            let discount = ctx["discountBasisPoints"] as? [String: Any]
        else { return false }
        return discount["source"] as? String == "live"
    }

    @Test("Started together, N processes refresh once and nobody is signed out", arguments: [2, 4, 16])
    func startedTogether(processes: Int) async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        server.setSingleUseRefreshTokens(true)
        server.loopback.inject(.delay(0.25), path: server.path(.ctx, "refresh-token"))
        var signOuts = 0
        var failedProcesses: [String] = []
        var refreshCounts: [String] = []
        for trial in 0..<Self.trials {
            try await Self.withHome { home in
                let store = FileCredentialStore(root: home)
                let expired = server.expiredCTXSession()
                try store.save(expired, for: .ctx, network: .mainnet)
                server.resetRefreshCounts()
                // A generous time-out (it also bounds the wait for the credentials lock): up to 16 processes
                // started at once on a loaded two-core machine take turns at the lock.
                let arguments =
                    ["show", SampleLookupTests.homeDepot, "--json", "--live", "--timeout", "60"] + Self.urlOptions(server)
                let results = try await withThrowingTaskGroup(of: CLIProcess.Result.self) { group in
                    for _ in 0..<processes {
                        group.addTask { try await CLIProcess.run(arguments, home: home, as: .process) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                for result in results where !Self.answeredLive(result) {
                    failedProcesses.append("trial \(trial): exit \(result.status): \(result.stderr)")
                }
                let stored = try store.load(.ctx, network: .mainnet)
                if let access = stored?.accessToken, let refresh = stored?.refreshToken,
                    server.acceptedAccessTokens(for: .ctx).contains(access), server.acceptsRefreshToken(refresh)
                {
                    // Still signed in, with tokens the server accepts.
                } else {
                    signOuts += 1
                }
                let counts = server.refreshCounts
                if counts != (1, 0) {
                    refreshCounts.append("trial \(trial): \(counts.granted) granted, \(counts.refused) refused")
                }
            }
        }
        #expect(signOuts == 0, "\(signOuts) of \(Self.trials) trials with \(processes) processes signed the user out")
        #expect(failedProcesses.isEmpty, "\(failedProcesses.count) processes did not answer live: \(failedProcesses.prefix(3))")
        #expect(refreshCounts.isEmpty, "not exactly one refresh per expiry: \(refreshCounts.prefix(5))")
    }

    @Test("SIGTERM while the refresh is on the server: the rotated tokens are saved, then exit 143")
    func sigtermDuringRefresh() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        server.setSingleUseRefreshTokens(true)
        let gate = LoopbackGate(limit: 600)
        defer { gate.open() }
        server.loopback.inject(.hold(gate), path: server.path(.ctx, "refresh-token"))
        try await Self.withHome { home in
            let store = FileCredentialStore(root: home)
            let expired = server.expiredCTXSession()
            try store.save(expired, for: .ctx, network: .mainnet)
            // The refresh's own time-out is far beyond the test's events: only the gate decides when it is answered.
            let running = try RunningCLI(
                ["show", SampleLookupTests.homeDepot, "--json", "--timeout", "300"] + Self.urlOptions(server), home: home)
            // The server has handled the refresh and revoked the old refresh token; its answer is held, so
            // a process that died now would leave the user signed out.
            #expect(try await gate.waitForArrivals(1), "the refresh request never arrived")
            #expect(!server.acceptsRefreshToken(try #require(expired.refreshToken)))
            running.send(SIGTERM)
            // The process says it is saving the refresh: the signal was handled while the refresh was in flight.
            let noticed = try await running.waitForStderr(containing: "interrupted", timeout: 180)
            #expect(noticed, "the process did not handle SIGTERM while refreshing: \(running.stderr)")
            gate.open()
            let status = await running.exitStatus()
            #expect(status == 143, "exit status \(String(describing: status)) (nil: killed by the signal)")
            let stored = try #require(try store.load(.ctx, network: .mainnet))
            let refresh = try #require(stored.refreshToken)
            #expect(refresh != expired.refreshToken)
            #expect(server.acceptsRefreshToken(refresh), "the stored refresh token is the rotated one")
            #expect(server.acceptedAccessTokens(for: .ctx).contains(stored.accessToken ?? ""))
            #expect(server.refreshCounts == (1, 0))
        }
    }

    @Test("SIGINT with no refresh in flight exits 130 at once and changes nothing")
    func sigintWithoutRefresh() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let gate = LoopbackGate(limit: 600)
        defer { gate.open() }
        server.loopback.inject(.hold(gate), path: server.path(.ctx, "merchants/\(SampleLookupTests.homeDepot)"))
        try await Self.withHome { home in
            let store = FileCredentialStore(root: home)
            let signedIn = server.signedInCredentials(for: .ctx)
            try store.save(signedIn, for: .ctx, network: .mainnet)
            // The request is held until the test ends, and its own time-out is far beyond the suite's limit: an
            // exit with 130 can only be the signal's, not the end of the request.
            let running = try RunningCLI(
                ["show", SampleLookupTests.homeDepot, "--json", "--timeout", "600"] + Self.urlOptions(server), home: home)
            #expect(try await gate.waitForArrivals(1), "the merchant request never arrived")
            running.send(SIGINT)
            let status = await running.exitStatus()
            #expect(status == 130, "exit status \(String(describing: status))")
            #expect(gate.arrived == 1, "it exited while the request was still held, not after it")
            #expect(!running.stderr.contains("interrupted"))
            let stored = try #require(try store.load(.ctx, network: .mainnet))
            #expect(stored.accessToken == signedIn.accessToken && stored.refreshToken == signedIn.refreshToken)
        }
    }
}
