import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("CTX refresh never overwrites credentials that changed meanwhile", hangGuard(minutes: 2))
struct CTXRefreshRaceTests {
    static let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"

    /// Waits until `endpoint` received `count` requests, and fails the test if it does not: the race under
    /// test happens only once the request is on the wire.
    private static func waitForRequest(_ harness: ProviderHarness, _ endpoint: String, count: Int = 1) async throws {
        try await waitUntil("\(count) CTX \(endpoint) request(s)") { harness.server.requestCount(.ctx, endpoint) >= count }
    }

    @Test func aLogoutDuringARefreshDoesNotResurrectTheTokens() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        // The refresh's answer is held until the logout is done (a fixed delay raced a loaded machine, where
        // the answer could come before the logout).
        let gate = LoopbackGate()
        harness.server.loopback.inject(.hold(gate), path: "/ctx/refresh-token")
        defer { gate.open() }
        let repository = CTXRepository(configuration: harness.configuration())
        let task = Task { try await repository.merchantDetails(sourceId: Self.merchant) }
        try await Self.waitForRequest(harness, "refresh-token")
        try await repository.logout()
        gate.open()
        let error = await dashSpendError { _ = try await task.value }
        #expect(error == .signInRequired(.ctx))
        #expect(try harness.stored(.ctx) == nil)
        #expect(await repository.isSignedIn() == false)
    }

    @Test func anotherRepositorysRotationSurvivesThisRefreshBeingRefused() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.expireAccessTokens(for: .ctx)
        // B's refresh is held on the wire, before the server handles it, while A refreshes and rotates the
        // refresh token; it is let through only then (a fixed delay raced a loaded machine).
        let gate = LoopbackGate()
        harness.server.loopback.inject(.holdBeforeHandling(gate), path: "/ctx/refresh-token", times: 1)
        defer { gate.open() }
        let first = CTXRepository(configuration: harness.configuration())
        let second = CTXRepository(configuration: harness.configuration())
        let slow = Task { try await second.merchantDetails(sourceId: Self.merchant) }
        try await Self.waitForRequest(harness, "refresh-token")
        _ = try await first.merchantDetails(sourceId: Self.merchant)
        let rotated = try #require(try harness.stored(.ctx))
        #expect(rotated.refreshToken != MockProviderServer.defaultRefreshToken)
        // The server now refuses the old refresh token B presented.
        harness.server.setRefreshBehavior(.fail(status: 401))
        #expect(harness.server.refreshCounts.granted == 1, "only A's refresh was handled: B's waits, unhandled")
        gate.open()
        let details = try await slow.value
        #expect(details.name == "Home Depot")
        #expect(try harness.stored(.ctx) == rotated)
        #expect(await second.isSignedIn())
    }

    @Test func aBlankMerchantIdIsUnknownBeforeSending() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: "  ")
        }
        #expect(error == .unknownMerchant(""))
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test(arguments: ["0.125", "7.999", "0", "-1", "0.001"])
    func anAmountThatIsNotAPriceIsRefusedBeforeSending(_ amount: String) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).purchase(
                merchantId: Self.merchant, fiatAmount: Decimal(string: amount)!)
        }
        guard case .invalidAmount = error else {
            Issue.record("expected invalidAmount, got \(String(describing: error))")
            return
        }
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test func signInErrorsSayWhatHappened() async throws {
        let harness = try ProviderHarness()
        let repository = CTXRepository(configuration: harness.configuration())
        harness.server.loopback.inject(
            .respond(status: 422, body: #"{"errors":[{"message":"bad"}]}"#), path: "/ctx/login", times: 1)
        #expect(await dashSpendError { try await repository.login(email: "user@example.com") } == .rejected("bad"))
        harness.server.loopback.inject(
            .respond(status: 401, body: #"{"errors":[{"message":"no"}]}"#), path: "/ctx/login", times: 1)
        #expect(await dashSpendError { try await repository.login(email: "user@example.com") } == .rejected("no"))
        try await repository.login(email: "user@example.com")
        for status in [401, 403, 422] {
            harness.server.loopback.inject(.respond(status: status, body: "{}"), path: "/ctx/verify-email", times: 1)
            #expect(await dashSpendError { try await repository.verify(code: "123456") } == .wrongCode, "\(status)")
        }
    }

    @Test func outOfStockInAPlainTextBody() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.loopback.inject(.respond(status: 500, body: "Gift card 5 is out of stock\n"), path: "/ctx/gift-cards")
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).purchase(
                merchantId: Self.merchant, fiatAmount: 10)
        }
        #expect(error == .outOfStock("Gift card 5 is out of stock"))
    }
}
