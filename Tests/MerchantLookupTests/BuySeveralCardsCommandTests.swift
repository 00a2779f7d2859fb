#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `buy MERCHANT --amount 20x2 --amount 50` with PiggyCards end to end: the quote with every line and the
/// total, one order and one payment, and `order`/`orders` showing each line with its cards, a delivery in
/// parts said as such (text and JSON). The text is compared with golden files.
@Suite("merchant-lookup buy: several cards in one PiggyCards order", hangGuard(minutes: 5))
struct BuySeveralCardsCommandTests {
    /// The golden files of this suite (`Fixtures/Golden/ctx+piggycards/NAME.txt`), checked by
    /// `GoldenOutputTests` for strays.
    static let goldenNames = ["buy-several-cards", "order-several-cards-partial"]

    static let arguments = ["buy", "Nike", "--amount", "20x2", "--amount", "50", "--provider", "piggycards", "--yes"]

    /// `text` with the order id and the creation time made the same on every run.
    static func normalized(_ text: String, id: String) -> String {
        let created = try? NSRegularExpression(pattern: "(created: +)[0-9TZ:.-]+ \\([0-9]+[smhd] ago\\)")
        let replaced = text.replacingOccurrences(of: id, with: "ORDER_ID")
        return created?.stringByReplacingMatches(
            in: replaced, range: NSRange(replaced.startIndex..., in: replaced), withTemplate: "$1TIME") ?? replaced
    }

    @Test("The quote lists every line and the total; one create, one payment; the text matches its golden file")
    func buyText() async throws {
        let transcript = try await BuyPiggyCardsCommandTests().signedIn()
        let bought = try await transcript.run(Self.arguments)
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        #expect(transcript.server.orderBook.createdCount(.piggyCards) == 1)
        let entry = try #require(transcript.server.orderBook.entries.first)
        #expect(entry.cardProducts == ["9201", "9201", "9202"])
        #expect(bought.stdout.contains(entry.paymentURI), "the one payment: \(bought.stdout)")
        let id = try #require(
            (try await transcript.run(["orders", "--json"]).json()["orders"] as? [[String: Any]])?.first?["id"] as? String)
        try GoldenOutputTests.check(
            GoldenOutputTests.Case(name: "buy-several-cards", arguments: []), result: bought, shown: Self.arguments,
            normalize: { Self.normalized($0, id: id) })
    }

    @Test("buy --json gives every line; order and orders show each line with its cards, a partial delivery as such")
    func orderLinesAndPartialDelivery() async throws {
        let transcript = try await BuyPiggyCardsCommandTests().signedIn()
        transcript.server.orderBook.setProgression([.unpaid, .paid])
        transcript.server.orderBook.setPiggyCardsDeliveredCounts([0, 2])
        let bought = try await transcript.run(Self.arguments + ["--json"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let json = try bought.json()
        let quote = try #require(json["quote"] as? [String: Any])
        #expect(quote["cardCount"] as? Int == 3 && quote["amount"] as? String == "90.00")
        let quoted = try #require(quote["lines"] as? [[String: Any]])
        #expect(quoted.map { $0["quantity"] as? Int } == [2, 1])
        #expect(quoted.map { $0["amount"] as? String } == ["20.00", "50.00"])
        let order = try #require(json["order"] as? [String: Any])
        let id = try #require(order["id"] as? String)
        #expect(order["payable"] as? Bool == true && order["cardCount"] as? Int == 3)

        #expect(try await transcript.run(["order", id]).status == 0, "unpaid, no card")
        let shown = try await transcript.run(["order", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        try GoldenOutputTests.check(
            GoldenOutputTests.Case(name: "order-several-cards-partial", arguments: []), result: shown,
            shown: ["order", "ORDER_ID"], normalize: { Self.normalized($0, id: id) })

        let offline = try await transcript.run(["order", id, "--offline", "--json"]).json()
        let kept = try #require(offline["order"] as? [String: Any])
        #expect(kept["partiallyDelivered"] as? Bool == true && kept["deliveredCount"] as? Int == 2)
        let lines = try #require(kept["lines"] as? [[String: Any]])
        #expect(lines.map { $0["delivered"] as? Int } == [2, 0])
        #expect(lines.map { ($0["cards"] as? [[String: Any]])?.count } == [2, 0])
        #expect((kept["cards"] as? [[String: Any]])?.map { $0["line"] as? Int } == [1, 1])
        #expect((kept["cards"] as? [[String: Any]])?.first?["number"] as? String == "************7890", "masked")

        let listed = try await transcript.run(["orders"])
        #expect(listed.stdout.contains("90.00 USD (3 cards)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("paid (2 of 3 cards)"), "\(listed.stdout)")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("The 2,500 USD cap on the total: 65, one line, nothing ordered")
    func capOnTotal() async throws {
        let transcript = try await BuyPiggyCardsCommandTests().signedIn()
        transcript.server.orderBook.setGiftCards(
            brandId: "177",
            json: """
                {"code":200,"message":"ok","data":[{"id":9601,"name":"Home Depot Range","price_type":"Range","currency":"USD",
                 "discount_percentage":4,"min_denomination":5,"max_denomination":2000,"denomination":"","quantity":10,"brand_id":177}]}
                """)
        let capped = try await transcript.run(
            ["buy", "Home Depot", "--amount", "2000", "--amount", "300x2", "--provider", "piggycards", "--yes"])
        #expect(capped.status == 65, "\(capped.stderr)")
        #expect(capped.stderr.split(separator: "\n").count == 1, "\(capped.stderr)")
        #expect(capped.stderr.contains("2600.00") && capped.stderr.contains("2500"), "\(capped.stderr)")
        #expect(transcript.server.orderBook.createdCount(.piggyCards) == 0)
    }
}
#endif
