import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("CTX error mapping through the loopback server", hangGuard(minutes: 2))
struct CTXErrorMappingTests {
    static let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"

    struct Case: Sendable, CustomTestStringConvertible {
        let status: Int
        let fixture: String?
        let body: String
        let expected: DashSpendError
        var testDescription: String { "\(status) \(fixture ?? body)" }
    }

    static let cases: [Case] = [
        Case(
            status: 400, fixture: "ctx/errors/above-threshold.json", body: "", expected: .purchaseLimitsChanged("above threshold")
        ),
        Case(
            status: 400, fixture: "ctx/errors/below-threshold.json", body: "", expected: .purchaseLimitsChanged("below threshold")
        ),
        Case(
            status: 500, fixture: "ctx/errors/out-of-stock.json", body: "",
            expected: .outOfStock("Gift card 1234 is out of stock")),
        Case(status: 403, fixture: "ctx/errors/region.json", body: "", expected: .regionNotAllowed),
        Case(status: 400, fixture: nil, body: "Client Transactions Not Allowed For This Region", expected: .regionNotAllowed),
        Case(status: 403, fixture: nil, body: "{}", expected: .unauthorized(.ctx)),
        Case(status: 404, fixture: nil, body: "{}", expected: .unknownMerchant(merchant)),
        Case(status: 409, fixture: "ctx/errors/conflict.json", body: "", expected: .rejected("Order already exists")),
        Case(
            status: 422, fixture: "ctx/errors/invalid-amount.json", body: "",
            expected: .invalidAmount("fiatAmount must be one of the card values")),
        Case(
            status: 500, fixture: "ctx/errors/server-error.json", body: "",
            expected: .serverError(status: 500, message: "Internal server error")),
        Case(status: 503, fixture: nil, body: "", expected: .serverError(status: 503, message: "HTTP 503")),
    ]

    @Test(arguments: cases)
    func merchantCallErrors(_ testCase: Case) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let body = testCase.fixture.map(harness.server.fixtureText) ?? testCase.body
        harness.server.loopback.inject(
            .respond(status: testCase.status, body: body), path: harness.server.path(.ctx, "merchants/\(Self.merchant)"))
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        }
        #expect(error == testCase.expected)
    }

    @Test func unknownMerchantFromTheServer() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: "no-such-merchant")
        }
        #expect(error == .unknownMerchant("no-such-merchant"))
    }

    @Test func malformedJSONIsUnreadable() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.loopback.inject(.malformedJSON, path: harness.server.path(.ctx, "merchants/\(Self.merchant)"))
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test func answerWithoutIdIsUnreadable() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.loopback.inject(
            .respond(status: 200, body: #"{"name":"No Id"}"#), path: harness.server.path(.ctx, "merchants/\(Self.merchant)"))
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [LoopbackFault.truncatedBody, .connectionReset])
    func transportFaultsAreNetworkErrors(_ fault: LoopbackFault) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.loopback.inject(fault, path: harness.server.path(.ctx, "merchants/\(Self.merchant)"))
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: Self.merchant)
        }
        guard case .network = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
    }

    @Test func slowServerTimesOut() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        // The answer is held until the call has ended, so only the time-out can end it (a 3 s delay was
        // only six times the time-out, and a loaded machine decided which came first).
        let gate = LoopbackGate()
        harness.server.loopback.inject(.hold(gate), path: harness.server.path(.ctx, "merchants/\(Self.merchant)"))
        defer { gate.open() }
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration(timeout: 0.5)).merchantDetails(
                sourceId: Self.merchant)
        }
        #expect(error == .timedOut(.ctx))
    }
}
