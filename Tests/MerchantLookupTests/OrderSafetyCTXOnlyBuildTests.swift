#if !PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// A build without PiggyCards still shows the PiggyCards orders kept in the state directory (a build with
/// it wrote them): listed as kept, and said to be of a provider this build does not have.
@Suite("PiggyCards orders in a CTX-only build", hangGuard(minutes: 3))
struct OrderSafetyCTXOnlyBuildTests {
    @Test("`orders` lists a PiggyCards order with `PiggyCards is not in this build`; `order ID` shows it as kept")
    func piggyCardsOrdersListed() async throws {
        let transcript = try AuthTranscript()
        try LegacyStateDatabase.write(
            home: transcript.home,
            rows: [
                .init(
                    id: "pc-local-1", provider: "piggycards", providerOrderId: "pc-book-7", merchantId: "nike",
                    merchantName: "Nike", amount: "20.00", status: "fulfilled", paymentURI: nil,
                    card: #"{"name":"Nike $20","number":"6006491234567890","pin":"4321"}"#)
            ])
        let listed = try await OrderSafetyTests.run(transcript, ["orders"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("pc-local-1"), "\(listed.stdout)")
        #expect(listed.stdout.contains("PiggyCards is not in this build"), "\(listed.stdout)")
        let json = try await OrderSafetyTests.orders(transcript)
        #expect(json.first?["provider"] as? String == "PiggyCards")
        #expect(json.first?["providerId"] as? String == "piggycards")

        let shown = try await OrderSafetyTests.run(transcript, ["order", "pc-local-1", "--reveal"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("6006491234567890"), "the card is shown: \(shown.stdout)")
        #expect(shown.stdout.contains("PiggyCards is not in this build"), "\(shown.stdout)")
    }
}
#endif
