#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `buy` and `order` with PiggyCards end to end: the card chosen for the amount, the `payTo`
/// payment, the order cap, and the delivered card.
@Suite("merchant-lookup buy with PiggyCards", hangGuard(minutes: 5))
struct BuyPiggyCardsCommandTests {
    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "piggycards", "--email", "piggy@example.com"]).status == 0)
        #expect(
            try await transcript.run(["auth", "verify", "piggycards", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    @Test("No request is sent twice for one PiggyCards buy: the card is chosen from the catalogue answer")
    func noRequestTwice() async throws {
        let transcript = try await signedIn()
        let before = transcript.server.loopback.receivedRequests.count
        let bought = try await BuyCommandTests().runWithoutTerminal(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes"])
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(transcript.server.orderBook.entries.map(\.product) == ["9201"])
        let sent = BuyCommandTests.requests(transcript, skipping: before)
        #expect(sent.all.contains { $0.hasPrefix("GET /piggycards/giftcards/US?brandId=") }, "\(sent.all)")
        #expect(sent.all.contains("POST /piggycards/orders"), "\(sent.all)")
        #expect(sent.repeated.isEmpty, "sent more than once: \(sent.repeated) of \(sent.all)")
    }

    @Test("An instant card bought with --yes, paid by payTo, followed to the card; the cap refused with 65")
    func buyInstantCard() async throws {
        let transcript = try await signedIn()
        transcript.server.orderBook.setProgression([.unpaid, .fulfilled])
        let runner = BuyCommandTests()
        let bought = try await runner.runWithoutTerminal(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes", "--json"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let order = try #require(try bought.json()["order"] as? [String: Any])
        #expect(order["paymentURI"] as? String == transcript.server.orderBook.entries.first?.paymentURI)
        #expect(order["provider"] as? String == "PiggyCards")
        #expect(transcript.server.orderBook.entries.map(\.product) == ["9201"], "the instant card of that value")
        let id = try #require(order["id"] as? String)

        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.05", "--json"])
        #expect(waited.status == 0, "\(waited.stderr)")
        let card = try #require(((try waited.json()["order"] as? [String: Any])?["cards"] as? [[String: Any]])?.first)
        #expect(card["number"] as? String == "************7890")
        #expect(card["pin"] as? String == "****")
        #expect((card["claimLink"] as? String)?.hasPrefix("https://") == true)

        // A range card up to 3,000 USD: 2,600 is inside its range, and above the 2,500 USD order cap.
        transcript.server.orderBook.setGiftCards(
            brandId: "177",
            json: """
                {"code":200,"message":"ok","data":[{"id":9601,"name":"Home Depot Range","price_type":"Range","currency":"USD",
                 "discount_percentage":4,"min_denomination":5,"max_denomination":3000,"denomination":"","quantity":10,"brand_id":177}]}
                """)
        let capped = try await runner.runWithoutTerminal(
            transcript, ["buy", "Home Depot", "--amount", "2600", "--provider", "piggycards", "--yes"])
        #expect(capped.status == 65, "\(capped.stderr)")
        #expect(capped.stderr.contains("2500"), "the order cap is what refused it: \(capped.stderr)")
        #expect(transcript.server.orderBook.createdCount(.piggyCards) == 1)
        #expect(transcript.leakedSecrets().isEmpty)
    }
}
#endif
