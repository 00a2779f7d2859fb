#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendPiggyCards

@Suite(
    "PiggyCards sign-in survives a failed login and a logout during a renewal; its refusals are a wrong code or a rejection",
    hangGuard(minutes: 2))
struct PiggyCardsSignInDurabilityTests {
    /// Waits until `endpoint` received a request, and fails the test if it does not.
    private static func waitForRequest(_ harness: ProviderHarness, _ endpoint: String) async throws {
        try await waitUntil("a PiggyCards \(endpoint) request") { harness.server.requestCount(.piggyCards, endpoint) > 0 }
    }

    @Test func aFailedLoginAfterVerifyKeepsTheGeneratedPassword() async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: 503, body: ""), path: "/piggycards/login", times: 1)
        let error = await dashSpendError { try await repository.verify(code: MockProviderServer.validCode) }
        #expect(error == .serverError(status: 503, message: "HTTP 503"))
        let stored = try #require(try harness.stored(.piggyCards))
        #expect(stored.email == "user@example.com")
        #expect(stored.userId == MockProviderServer.piggyCardsUserId)
        #expect(stored.password == MockProviderServer.piggyCardsPassword)
        let details = try await repository.merchantDetails(sourceId: "177")
        #expect(details.sourceId == "177")
        #expect(harness.server.requestCount(.piggyCards, "login") == 2)
        #expect(try harness.stored(.piggyCards)?.accessToken?.isEmpty == false)
    }

    @Test func aLogoutDuringARenewalDoesNotResurrectTheSession() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.expireAccessTokens(for: .piggyCards)
        // The login's answer is held until the logout is done (a fixed delay raced a loaded machine, where
        // the answer could come before the logout).
        let gate = LoopbackGate()
        harness.server.loopback.inject(.hold(gate), path: "/piggycards/login")
        defer { gate.open() }
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        let task = Task { try await repository.merchantDetails(sourceId: "177") }
        try await Self.waitForRequest(harness, "login")
        try await repository.logout()
        gate.open()
        let error = await dashSpendError { _ = try await task.value }
        #expect(error == .signInRequired(.piggyCards))
        #expect(try harness.stored(.piggyCards) == nil)
    }

    @Test(arguments: [
        (400, #"{"error":"Invalid verification code"}"#, DashSpendError.wrongCode),
        (422, #"{"error":"otp is required"}"#, .wrongCode), (401, "{}", .wrongCode), (403, "{}", .wrongCode),
    ])
    func verifyErrorsAreWrongCode(_ status: Int, _ body: String, _ expected: DashSpendError) async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: status, body: body), path: "/piggycards/verify-otp", times: 1)
        #expect(await dashSpendError { try await repository.verify(code: "123456") } == expected)
    }

    @Test(arguments: [422, 401, 403])
    func signInLoginErrorsAreRejections(_ status: Int) async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: status, body: #"{"error":"no"}"#), path: "/piggycards/login", times: 1)
        #expect(await dashSpendError { try await repository.verify(code: MockProviderServer.validCode) } == .rejected("no"))
        harness.server.loopback.inject(.respond(status: status, body: #"{"error":"no"}"#), path: "/piggycards/signup", times: 1)
        #expect(await dashSpendError { try await repository.login(email: "user@example.com") } == .rejected("no"))
    }
}
#endif
