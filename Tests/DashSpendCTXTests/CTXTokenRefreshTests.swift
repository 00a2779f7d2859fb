import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("CTX refreshes an expired token once for all callers and keeps the tokens when a refresh fails", hangGuard(minutes: 2))
struct CTXTokenRefreshTests {
    static let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"

    @Test func fiftyConcurrentCallsOnAnExpiredTokenShareOneRefresh() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        // A slow refresh makes sure many callers are waiting on it at once.
        harness.server.loopback.inject(.delay(0.5), path: "/ctx/refresh-token")
        let repository = CTXRepository(configuration: harness.configuration(timeout: 20))
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<50 {
                group.addTask { try await repository.merchantDetails(sourceId: Self.merchant).name }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        #expect(names.count == 50)
        #expect(names.allSatisfy { $0 == "Home Depot" })
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
        let stored = try #require(try harness.stored(.ctx))
        #expect(stored.accessToken != MockProviderServer.defaultAccessToken)
        #expect(harness.server.acceptedAccessTokens(for: .ctx).contains(stored.accessToken ?? ""))
        #expect(stored.refreshToken != MockProviderServer.defaultRefreshToken)
    }

    @Test func refreshServerErrorKeepsTokens() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let before = try harness.stored(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        harness.server.setRefreshBehavior(.fail(status: 500))
        let repository = CTXRepository(configuration: harness.configuration())
        let error = await dashSpendError { _ = try await repository.merchantDetails(sourceId: Self.merchant) }
        #expect(error == .serverError(status: 500, message: "refresh failed"))
        #expect(try harness.stored(.ctx) == before)
        #expect(await repository.isSignedIn())
    }

    @Test func refreshNetworkFailureKeepsTokens() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let before = try harness.stored(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        harness.server.loopback.inject(.connectionReset, path: "/ctx/refresh-token")
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        }
        guard case .network = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(try harness.stored(.ctx) == before)
    }

    @Test func refresh401SignsOutButKeepsTheEmail() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        harness.server.setRefreshBehavior(.fail(status: 401))
        let repository = CTXRepository(configuration: harness.configuration())
        let error = await dashSpendError { _ = try await repository.merchantDetails(sourceId: Self.merchant) }
        #expect(error == .unauthorized(.ctx))
        #expect(await repository.isSignedIn() == false)
        let stored = try #require(try harness.stored(.ctx))
        #expect(stored.accessToken == nil && stored.refreshToken == nil)
        #expect(stored.email == "user@example.com")
    }

    @Test func a401AfterASuccessfulRefreshIsUnauthorizedWithoutSigningOut() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        harness.server.loopback.inject(.respond(status: 401, body: "{}"), path: "/ctx/merchants/\(Self.merchant)")
        let repository = CTXRepository(configuration: harness.configuration())
        let error = await dashSpendError { _ = try await repository.merchantDetails(sourceId: Self.merchant) }
        #expect(error == .unauthorized(.ctx))
        #expect(harness.server.requestCount(.ctx, "merchants/\(Self.merchant)") == 2)
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
        #expect(await repository.isSignedIn())
    }

    /// Simulates another process refreshing: when the first 401 arrives, a newer token is already stored.
    private struct RotatingTransport: HTTPTransport {
        let inner: any HTTPTransport
        let store: any CredentialStore
        let rotated: ProviderCredentials

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await inner.send(request)
            if response.status == 401 { try store.save(rotated, for: .ctx, network: .mainnet) }
            return response
        }
    }

    @Test func aTokenRotatedMeanwhileIsUsedWithoutRefreshing() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let original = try #require(try harness.stored(.ctx))
        harness.server.expireAccessTokens(for: .ctx)
        _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
        let rotated = try #require(try harness.stored(.ctx))
        try harness.store.save(original, for: .ctx, network: .mainnet)
        var configuration = harness.configuration()
        configuration.transport = RotatingTransport(inner: harness.transport, store: harness.store, rotated: rotated)
        let details = try await CTXRepository(configuration: configuration).merchantDetails(sourceId: Self.merchant)
        #expect(details.name == "Home Depot")
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
        let bearers = harness.server.loopback.receivedRequests.suffix(2).map(\.bearerToken)
        #expect(bearers == [original.accessToken, rotated.accessToken])
    }

    @Test func proactiveRefreshAfterNinetyDays() async throws {
        let harness = try ProviderHarness()
        let issued = Date(timeIntervalSince1970: 1_700_000_000)
        try harness.signIn(.ctx, now: issued)
        let later = issued.addingTimeInterval(91 * 24 * 3600)
        let repository = CTXRepository(configuration: harness.configuration(now: { later }))
        _ = try await repository.merchantDetails(sourceId: Self.merchant)
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
        #expect(try harness.stored(.ctx)?.refreshTokenIssuedAt == later)
        _ = try await repository.merchantDetails(sourceId: Self.merchant)
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 1)
    }

    @Test func noProactiveRefreshBeforeNinetyDays() async throws {
        let harness = try ProviderHarness()
        let issued = Date(timeIntervalSince1970: 1_700_000_000)
        try harness.signIn(.ctx, now: issued)
        let repository = CTXRepository(configuration: harness.configuration(now: { issued.addingTimeInterval(89 * 24 * 3600) }))
        _ = try await repository.merchantDetails(sourceId: Self.merchant)
        #expect(harness.server.requestCount(.ctx, "refresh-token") == 0)
    }

    @Test func refreshWithoutANewRefreshTokenKeepsTheOldOne() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        harness.server.setRefreshBehavior(.succeedWithoutRefreshToken)
        _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        let stored = try #require(try harness.stored(.ctx))
        #expect(stored.refreshToken == MockProviderServer.defaultRefreshToken)
        #expect(stored.accessToken != MockProviderServer.defaultAccessToken)
    }

    @Test func rotatedTokensAreSavedEvenWhenTheCallerIsCancelled() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        // The refresh's answer is held until the caller is cancelled (a fixed delay could end first on a
        // loaded machine, and the cancellation then came too late to test anything).
        let gate = LoopbackGate()
        harness.server.loopback.inject(.hold(gate), path: "/ctx/refresh-token")
        defer { gate.open() }
        let repository = CTXRepository(configuration: harness.configuration())
        let task = Task { try await repository.merchantDetails(sourceId: Self.merchant) }
        // Cancel while the refresh is on the wire.
        #expect(try await gate.waitForArrivals(1), "the refresh never reached the server")
        task.cancel()
        gate.open()
        _ = await task.result
        // The refresh finishes on its own and its tokens are stored.
        try await waitUntil("the rotated tokens stored") {
            try harness.stored(.ctx)?.accessToken != MockProviderServer.defaultAccessToken
        }
        let stored = try #require(try harness.stored(.ctx))
        #expect(stored.accessToken != MockProviderServer.defaultAccessToken)
        #expect(harness.server.acceptedAccessTokens(for: .ctx).contains(stored.accessToken ?? ""))
    }
}
