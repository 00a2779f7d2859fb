import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// CTX's answers to the create, read as the wallets read them (issue 17): `Gift card N is out of stock` at
/// any status is out of stock (the Android wallet's reading).
@Suite("CTX create answers", hangGuard(minutes: 2))
struct CTXOrderAnswerTests {
    static let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"

    @Test(
        "`Gift card N is out of stock` is out of stock at any status, as text or as a JSON message",
        arguments: [400, 409, 422, 500, 503])
    func outOfStockAtAnyStatus(status: Int) async throws {
        for body in ["Gift card 123 is out of stock", #"{"errors":[{"message":"Gift card 123 is out of stock"}]}"#] {
            let harness = try ProviderHarness()
            try harness.signIn(.ctx)
            harness.server.loopback.inject(.respond(status: status, body: body), path: harness.server.path(.ctx, "gift-cards"))
            let error = await dashSpendError {
                _ = try await CTXRepository(configuration: harness.configuration()).placeOrder(
                    PurchaseRequest(sourceId: Self.merchant, amount: 25))
            }
            #expect(error == .outOfStock("Gift card 123 is out of stock"), "\(status) \(body)")
        }
    }
}
