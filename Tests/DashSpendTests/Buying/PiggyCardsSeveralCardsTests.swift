#if PIGGYCARDS_ENABLED
import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Several cards in one PiggyCards order through the front door, against the fake PiggyCards server: every
/// line quoted, one create holding every line, one payment checked against the total at the published
/// rate, each delivered card kept under its line, a delivery in parts kept and shown as such, the 2,500 USD
/// cap on the total, and the stock of each card.
@Suite("The front door buys several PiggyCards cards in one order", hangGuard(minutes: 3))
struct PiggyCardsSeveralCardsTests {
    /// Nike at PiggyCards (brand 205): two $20 instant cards (9201, 2.5 %) and one $50 card (9202, 3.25 %).
    static let nikeCards = [PurchaseAmount(value: 20, quantity: 2), PurchaseAmount(value: 50)]

    @Test("Two lines, three cards: every line quoted, one create with both lines, one payment of the total")
    func oneOrderOnePayment() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let quote = try await fixture.client.quote(merchant: BuyingFixture.nike, amounts: Self.nikeCards, provider: .piggyCards)
        #expect(quote.cardCount == 3)
        #expect(quote.amount == 90)
        #expect(quote.lines.map(\.amount) == [20, 50] && quote.lines.map(\.quantity) == [2, 1])
        #expect(quote.lines.map(\.productId) == ["9201", "9202"])
        #expect(quote.lines.map(\.discountBasisPoints) == [100, 175], "each card at its own discount")
        #expect(quote.lines[0].price == Decimal(string: "39.6"))
        #expect(quote.price == quote.lines[0].price + quote.lines[1].price)

        let order = try await fixture.client.placeOrder(quote)
        #expect(fixture.createRequests(.piggyCards) == 1, "one create for every card")
        let body = try #require(fixture.server.orderBook.createBodies(.piggyCards).first)
        let lines = try #require(body["orders"]?.array)
        #expect(lines.map { $0["productId"]?.int } == [9201, 9202])
        #expect(lines.map { $0["quantity"]?.int } == [2, 1])
        #expect(lines.map { $0["denomination"]?.decimal } == [20, 50])
        #expect(order.status == .unpaid && order.isPayable, "\(order.message ?? "")")
        #expect(order.amount == 90 && order.cardCount == 3)
        #expect(order.lines == [OrderLine(amount: 20, quantity: 2, productId: "9201"), OrderLine(amount: 50, productId: "9202")])
        let entry = try #require(fixture.server.orderBook.entries.first)
        #expect(entry.price == quote.price, "the fake prices every card at its own discount, as the quote does")
        #expect(order.paymentURI == entry.paymentURI, "one payment for the whole order")
        #expect(try fixture.client.storedOrder(id: order.id).lines == order.lines, "the lines are kept")
    }

    @Test("A payment for less than the total (one line's price) is refused: the order is kept rejected, not payable")
    func paymentCheckedAgainstTotal() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let rate = fixture.server.piggyCardsRate
        let quote = try await fixture.client.quote(merchant: BuyingFixture.nike, amounts: Self.nikeCards, provider: .piggyCards)
        // The fake asks for the $50 card alone: what a provider that dropped a line would ask.
        let short = (quote.lines[1].price / rate).plainText(fractionDigits: 8)
        fixture.server.orderBook.setCreateAnswerEdit { entry, answer in
            var object = answer.object ?? [:]
            object["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=\(short)")
            return .object(object)
        }
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused, "\(failure.message)")
        #expect(
            failure.message.contains(quote.price.plainText(fractionDigits: 2)),
            "the total is what it is held to: \(failure.message)")
        let kept = try fixture.client.orders()
        #expect(kept.map(\.status) == [.rejected] && kept.first?.isPayable == false)
        #expect(kept.first?.cardCount == 3)
    }

    @Test("Every delivered card is kept under its line; a delivery in parts is kept and shown as such until the rest come")
    func partialDelivery() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setProgression([.unpaid, .paid, .paid, .fulfilled])
        // The status calls list no card, then one, then all three, then (wrongly) only the first again.
        fixture.server.orderBook.setPiggyCardsDeliveredCounts([0, 1, 3, 1])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amounts: Self.nikeCards, provider: .piggyCards))
        #expect(try await fixture.client.order(id: order.id).cards.isEmpty)

        let part = try await fixture.client.order(id: order.id)
        #expect(part.status == .paid)
        #expect(part.cards.count == 1 && part.isPartiallyDelivered)
        #expect(part.cards(inLine: 0).map(\.number) == [MockOrderBook.cardNumber(0)])
        #expect(part.cards(inLine: 1).isEmpty)

        let whole = try await fixture.client.order(id: order.id)
        #expect(whole.status == .paid && !whole.isPartiallyDelivered)
        #expect(whole.cards.map(\.line) == [0, 0, 1])
        #expect(whole.cards(inLine: 0).map(\.number) == [MockOrderBook.cardNumber(0), MockOrderBook.cardNumber(1)])
        #expect(whole.cards(inLine: 1).map(\.number) == [MockOrderBook.cardNumber(2)])
        #expect(whole.cards(inLine: 1).first?.name == "Card 9202")

        // Fulfilled with only the first card listed: every card kept, each under its line.
        let fulfilled = try await fixture.client.order(id: order.id)
        #expect(fulfilled.status == .fulfilled)
        #expect(fulfilled.cards == whole.cards, "cards are only ever added, each keeps its line")
        // Fulfilled with every card: final, not asked again; kept whole, lines included, for a later client.
        let later = try fixture.laterClient()
        #expect(try await later.order(id: order.id).cards == whole.cards)
        #expect(fixture.server.orderBook.entries.first?.statusCalls == 4)
    }

    @Test("A fulfilled answer with only some cards is kept as a partial delivery, and asked again for the rest")
    func fulfilledInParts() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setProgression([.fulfilled])
        fixture.server.orderBook.setPiggyCardsDeliveredCounts([2, 2, 3])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amounts: Self.nikeCards, provider: .piggyCards))
        let first = try await fixture.client.order(id: order.id)
        #expect(first.status == .fulfilled && first.isPartiallyDelivered)
        #expect(first.cards(inLine: 0).count == 2 && first.cards(inLine: 1).isEmpty)
        _ = try await fixture.client.order(id: order.id)
        let last = try await fixture.client.order(id: order.id)
        #expect(!last.isPartiallyDelivered && last.cards(inLine: 1).count == 1)
        #expect(fixture.server.orderBook.entries.first?.statusCalls == 3, "asked until every card came")
    }

    @Test("The 2,500 USD cap is on the total: lines each under it, together above it, refused before any request")
    func capOnTotal() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setGiftCards(
            brandId: "177",
            json: """
                {"code":200,"message":"ok","data":[{"id":9701,"name":"Big Range","price_type":"Range","currency":"USD",
                 "discount_percentage":4,"min_denomination":5,"max_denomination":2000,"denomination":"","quantity":10,"brand_id":177}]}
                """)
        let capped = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(
                    merchant: ClientFixture.homeDepot,
                    amounts: [PurchaseAmount(value: 2000), PurchaseAmount(value: 300, quantity: 2)],
                    provider: .piggyCards)
            })
        #expect(capped.cause == .amountNotAllowed, "\(capped.message)")
        #expect(capped.message.contains("2600.00") && capped.message.contains("2500"), "\(capped.message)")
        #expect(capped.message.contains("3 cards"), "\(capped.message)")
        let under = try await fixture.client.quote(
            merchant: ClientFixture.homeDepot, amounts: [PurchaseAmount(value: 2000), PurchaseAmount(value: 250, quantity: 2)],
            provider: .piggyCards)
        #expect(under.amount == 2500)
        #expect(fixture.createRequests(.piggyCards) == 0)
    }

    @Test("More cards of a value than PiggyCards has in stock: refused before ordering; one value twice is one line")
    func stockAndMerging() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        // Nike's $20 card: 5 in stock.
        let short = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(
                    merchant: BuyingFixture.nike, amounts: [PurchaseAmount(value: 20, quantity: 6)], provider: .piggyCards)
            })
        #expect(short.cause == .outOfStock, "\(short.message)")
        #expect(short.message.contains("5") && short.message.contains("not 6"), "\(short.message)")
        let merged = try await fixture.client.quote(
            merchant: BuyingFixture.nike,
            amounts: [PurchaseAmount(value: 20), PurchaseAmount(value: 50), PurchaseAmount(value: 20, quantity: 2)],
            provider: .piggyCards)
        #expect(merged.lines.map(\.quantity) == [3, 1] && merged.lines.map(\.amount) == [20, 50])
        #expect(fixture.createRequests(.piggyCards) == 0)
    }

    @Test("Without a provider, several cards are quoted from the provider that takes them, not CTX's better offer")
    func severalChooseProvider() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx, .piggyCards])
        let one = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 25)
        #expect(one.provider == .ctx, "one card: the best offer")
        let several = try await fixture.client.quote(
            merchant: BuyingFixture.nike, amounts: [PurchaseAmount(value: 20, quantity: 2)])
        #expect(several.provider == .piggyCards)
        let refused = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(
                    merchant: BuyingFixture.nike, amounts: [PurchaseAmount(value: 25, quantity: 2)], provider: .ctx)
            })
        #expect(refused.cause == .oneCardPerOrder && refused.kind == .refused, "\(refused.message)")
        #expect(refused.message.contains("PiggyCards"), "where several are sold: \(refused.message)")
    }
}
#endif
