import DashSpendCore
import DashSpendLocking
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Credential stores keep, separate and replace credentials", hangGuard(minutes: 2))
struct CredentialStoreConformanceTests {
    @Test func fileStoreConforms() async throws {
        let scratch = try ScratchDirectory(prefix: "kit-credentials")
        let result = try await CredentialStoreConformance(makeStore: {
            FileCredentialStore(root: scratch.file(UUID().uuidString))
        }).run()
        #expect(result.passed)
        #expect(result.checks == CredentialStoreConformance.checks)
    }

    @Test func inMemoryStoreConforms() async throws {
        let result = try await CredentialStoreConformance(makeStore: { InMemoryCredentialStore() }).run()
        #expect(result.passed)
    }

    /// The suite is not vacuous: a store that merges a save into what was there (instead of replacing it)
    /// is caught by the checks that replace a value, and only by them.
    @Test func mergingStoreIsCaught() async throws {
        let result = Locked<ConformanceResult?>(nil)
        try await withKnownIssue("a store that merges saves keeps fields the new value dropped") {
            let found = try await CredentialStoreConformance(makeStore: { MergingCredentialStore() }).run()
            result.withLock { $0 = found }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("CredentialStoreConformance: overwrite: ")
                || text.hasPrefix("CredentialStoreConformance: round trip: ")
        }
        let found = try #require(result.withLock { $0 })
        #expect(found.failureCount >= 2)
    }
}

/// A defective store: `save` keeps every field the new value leaves nil.
private final class MergingCredentialStore: CredentialStore {
    private let base = InMemoryCredentialStore()

    func load(_ provider: GiftCardProvider, network: DashSpendNetwork) throws -> ProviderCredentials? {
        try base.load(provider, network: network)
    }

    func save(_ credentials: ProviderCredentials, for provider: GiftCardProvider, network: DashSpendNetwork) throws {
        var merged = try base.load(provider, network: network) ?? ProviderCredentials()
        merged.email = credentials.email ?? merged.email
        merged.accessToken = credentials.accessToken ?? merged.accessToken
        merged.refreshToken = credentials.refreshToken ?? merged.refreshToken
        merged.refreshTokenIssuedAt = credentials.refreshTokenIssuedAt ?? merged.refreshTokenIssuedAt
        merged.accessTokenExpiresAt = credentials.accessTokenExpiresAt ?? merged.accessTokenExpiresAt
        merged.userId = credentials.userId ?? merged.userId
        merged.password = credentials.password ?? merged.password
        try base.save(merged, for: provider, network: network)
    }

    func delete(_ provider: GiftCardProvider, network: DashSpendNetwork) throws {
        try base.delete(provider, network: network)
    }
}
