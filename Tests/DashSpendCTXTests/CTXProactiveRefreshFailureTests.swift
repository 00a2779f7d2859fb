import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// The proactive refresh (refresh token older than 90 days) when it fails: a server error or a network
/// failure is not fatal (the current access token may still be valid, and is kept); a 401 is (the refresh
/// token is dead, so the user must sign in again).
@Suite("CTX: a failed proactive refresh", hangGuard(minutes: 2))
struct CTXProactiveRefreshFailureTests {
    static let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"
    static let issued = Date(timeIntervalSince1970: 1_700_000_000)
    static let later = issued.addingTimeInterval(91 * 24 * 3600)

    /// A harness signed in 91 days before "now", and a repository on that clock.
    func oldSignIn() throws -> (ProviderHarness, CTXRepository, ProviderCredentials) {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx, now: Self.issued)
        let before = try #require(try harness.stored(.ctx))
        return (harness, CTXRepository(configuration: harness.configuration(now: { Self.later })), before)
    }

    @Test("A server error: the call goes on with the current token, which is kept")
    func serverError() async throws {
        let (harness, repository, before) = try oldSignIn()
        harness.server.setRefreshBehavior(.fail(status: 500))
        let details = try await repository.merchantDetails(sourceId: Self.merchant)
        #expect(details.name == "Home Depot")
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1, "the refresh was attempted")
        #expect(try harness.stored(.ctx) == before, "nothing stored changed")
        let bearer = harness.server.loopback.receivedRequests.last?.bearerToken
        #expect(bearer == before.accessToken)
    }

    @Test("A network failure: the call goes on with the current token, which is kept")
    func networkFailure() async throws {
        let (harness, repository, before) = try oldSignIn()
        harness.server.loopback.inject(.connectionReset, path: harness.server.path(.ctx, "refresh-token"))
        let details = try await repository.merchantDetails(sourceId: Self.merchant)
        #expect(details.name == "Home Depot")
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1, "the refresh was attempted")
        #expect(try harness.stored(.ctx) == before)
    }

    @Test("A 401: the refresh token is dead, the call fails with unauthorized and the tokens are cleared")
    func unauthorized() async throws {
        let (harness, repository, before) = try oldSignIn()
        harness.server.setRefreshBehavior(.fail(status: 401))
        let error = await dashSpendError { _ = try await repository.merchantDetails(sourceId: Self.merchant) }
        #expect(error == .unauthorized(.ctx))
        #expect(harness.server.requestCount(.ctx, "merchants/\(Self.merchant)") == 0, "no call after a dead refresh")
        let after = try harness.stored(.ctx)
        #expect(after?.accessToken == nil && after?.refreshToken == nil)
        #expect(after?.email == before.email, "the e-mail is kept for the next sign-in")
    }
}
