#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendPiggyCards

@Suite("PiggyCards: re-login under the credentials lock", hangGuard(minutes: 1))
struct PiggyCardsSharedLoginTests {
    @Test func twoRepositoriesOverOneStateFolderLogInOnce() async throws {
        let harness = try ProviderHarness()
        let root = NSTemporaryDirectory() + "dashspend-piggy-lock-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let now = Date()
        var credentials = harness.server.signedInCredentials(for: .piggyCards, now: now)
        credentials.accessTokenExpiresAt = now.addingTimeInterval(200)
        try FileCredentialStore(root: root).save(credentials, for: .piggyCards, network: .mainnet)
        harness.server.loopback.inject(.delay(0.3), path: "/piggycards/login")
        // Two store values, two sessions: as two processes sharing the state folder would be.
        let repositories = (0..<2).map { _ in
            PiggyCardsRepository(
                configuration: harness.server.configuration(
                    credentials: FileCredentialStore(root: root), transport: harness.transport, timeout: 60, now: { now }))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for repository in repositories {
                group.addTask { _ = try await repository.merchantDetails(sourceId: "177") }
            }
            try await group.waitForAll()
        }
        #expect(harness.server.requestCount(.piggyCards, "login") == 1)
        let stored = try #require(try FileCredentialStore(root: root).load(.piggyCards, network: .mainnet))
        #expect(stored.accessToken == "\(MockProviderServer.defaultAccessToken)-1")
    }
}
#endif
