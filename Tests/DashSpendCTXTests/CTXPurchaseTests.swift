import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendCTX

@Suite("CTX purchases and cards", hangGuard(minutes: 2))
struct CTXPurchaseTests {
    // Amounts with more decimals are refused before formatting (see CTXRefreshRaceTests), never rounded.
    @Test(arguments: [("50", "50.00"), ("12.5", "12.50"), ("1000", "1000.00"), ("0.01", "0.01"), ("7.99", "7.99")])
    func fiatAmountHasExactlyTwoDecimals(amount: String, expected: String) {
        #expect(CTXRepository.fiatAmountText(Decimal(string: amount)!) == expected)
    }

    @Test func purchaseSendsTheWireBodyAndDecodesTheCard() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let repository = CTXRepository(configuration: harness.configuration())
        let card = try await repository.purchase(
            merchantId: "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f", fiatAmount: Decimal(string: "12.5")!)
        #expect(card.status == "unpaid")
        #expect(card.dashPaymentURL == "dash:XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw?amount=1.73542891")
        let body = try #require(harness.server.loopback.receivedRequests.last?.json)
        #expect(
            body
                == .object([
                    "cryptoCurrency": .string("DASH"), "fiatCurrency": .string("USD"), "fiatAmount": .string("12.50"),
                    "merchantId": .string("3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"),
                ]))
    }

    @Test func purchaseLimitErrors() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        harness.server.loopback.inject(
            .respond(status: 400, body: harness.server.fixtureText("ctx/errors/above-threshold.json")), path: "/ctx/gift-cards")
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).purchase(merchantId: "m", fiatAmount: 5000)
        }
        #expect(error == .purchaseLimitsChanged("above threshold"))
    }

    @Test func cardByOrderIdAndByTxid() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let repository = CTXRepository(configuration: harness.configuration())
        let byOrder = try await repository.giftCard(orderId: "5b8e3a2c-9f1d-4c7e-a6b5-2d4f8e1c3a90")
        #expect(byOrder.status == "fulfilled")
        #expect(byOrder.number == "6006491234567890")
        #expect(!byOrder.description.contains("6006491234567890"))
        let byTx = try await repository.giftCard(txid: "7Fq2kYbBw9mN3pR5sT8vX1zA4cE6gH")
        #expect(byTx == byOrder)
        #expect(harness.server.loopback.receivedRequests.last?.queryItem("txid") == "7Fq2kYbBw9mN3pR5sT8vX1zA4cE6gH")
    }
}
