#if PIGGYCARDS_ENABLED
import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// Buying PiggyCards gift cards through the front door: the card chosen for the amount, stock, the order
/// cap, and an order followed to its delivered card.
@Suite("The front door buys PiggyCards gift cards", hangGuard(minutes: 3))
struct PiggyCardsBuyingTests {
    /// The product ordered by the book's orders, in order.
    func products(_ fixture: BuyingFixture) -> [String] {
        fixture.server.orderBook.entries.filter { $0.provider == "piggycards" }.map(\.product)
    }

    @Test("Instant cards: the instant card of the value, else an in-stock fixed card; out of stock is refused before ordering")
    func instantCards() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let instant = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards))
        #expect(instant.status == .unpaid)
        #expect(instant.paymentURI == fixture.server.orderBook.entries.first?.paymentURI)
        let fixed = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 50, provider: .piggyCards))
        #expect(fixed.providerOrderId == "pc-book-2")
        #expect(products(fixture) == ["9201", "9202"])

        let body = try #require(fixture.server.orderBook.createBodies(.piggyCards).first)
        #expect(body["recipientEmail"]?.string == "user@example.com")
        #expect(body["orders"]?.array?.first?["denomination"]?.decimal == 20)

        // 100 is a value the offer does not list (its card is out of stock): refused by the offer's values.
        let notListed = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 100, provider: .piggyCards)
            })
        #expect(notListed.cause == .amountNotAllowed)
        #expect(notListed.message.contains("20.00, 50.00"), "\(notListed.message)")
        #expect(fixture.createRequests(.piggyCards) == 2)
    }

    @Test("A quote states the discount of the card ordered, not the best of the brand's cards")
    func orderedCardDiscount() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let merchant = try await fixture.client.merchant(BuyingFixture.nike, policy: .networkFirst)
        let offer = try #require(merchant.offers.first { $0.provider == .piggyCards })
        // The brand's best card in the offer: the $50 one at 3.25 %, less the 1.5 % service fee.
        #expect(offer.discountBasisPoints.value == 175)
        let twenty = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        #expect(twenty.productId == "9201")
        #expect(twenty.discountBasisPoints == 100, "the $20 card's 2.5 %, less the fee")
        #expect(twenty.price == Decimal(string: "19.8"))
        let fifty = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 50, provider: .piggyCards)
        #expect(fifty.productId == "9202")
        #expect(fifty.discountBasisPoints == 175)
        let order = try await fixture.client.placeOrder(twenty)
        #expect(order.status == .unpaid)
    }

    @Test("One provider down does not stop a quote from the other; with none answering, the first failure")
    func oneProviderDown() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx, .piggyCards])
        let down = LoopbackFault.respond(status: 503, body: #"{"message":"maintenance"}"#)
        let piggyCatalogue = fixture.server.path(.piggyCards, "giftcards/US")
        let ctxMerchant = fixture.server.path(.ctx, "merchants/\(BuyingFixture.nike)")

        fixture.server.loopback.inject(down, path: piggyCatalogue)
        let named = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 25, provider: .ctx)
        #expect(named.provider == .ctx)
        let best = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 25)
        #expect(best.provider == .ctx, "the best of the offers answered live")
        let failed = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
            })
        #expect(failed.kind == .unavailable, "the chosen provider's own failure")

        fixture.server.loopback.clearFaults()
        fixture.server.loopback.inject(down, path: ctxMerchant)
        let piggy = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        #expect(piggy.provider == .piggyCards)

        fixture.server.loopback.inject(down, path: piggyCatalogue)
        let none = try #require(
            await ClientFixture.failure { try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20) })
        #expect(none.kind == .unavailable, "\(none.message)")
        #expect(fixture.createRequests(.ctx) + fixture.createRequests(.piggyCards) == 0)
    }

    @Test("The log-in after a 401 on the order fails (503): nothing was bought, the order is not kept as unknown")
    func loginFailsBeforeCreation() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let quote = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        fixture.server.expireAccessTokens(for: .piggyCards)
        fixture.server.loopback.inject(
            .respond(status: 503, body: #"{"message":"maintenance"}"#), path: fixture.server.path(.piggyCards, "login"))
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .unavailable, "\(failure.message)")
        #expect(fixture.server.orderBook.createdCount(.piggyCards) == 0)
        #expect(try fixture.client.orders().isEmpty, "nothing was bought: nothing is kept")
    }

    @Test("An order created with an unpayable payTo is kept as rejected, as CTX's is, with PiggyCards' payMessage")
    func unpayablePayTo() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let quote = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"pc-unpayable-1","payTo":"","payMessage":"Supplier is offline, try later"}"#),
            path: fixture.server.path(.piggyCards, "orders"))
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        #expect(failure.message.contains("cannot be paid"), "\(failure.message)")
        #expect(failure.message.contains("Supplier is offline, try later"), "\(failure.message)")
        let kept = try fixture.client.orders()
        #expect(kept.map(\.status) == [.rejected], "kept, not forgotten")
        #expect(kept.first?.providerOrderId == "pc-unpayable-1")
    }

    @Test("Out of stock: a brand without stock is refused before ordering; PiggyCards' own refusal is out of stock")
    func outOfStock() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setGiftCards(
            brandId: "177",
            json: """
                {"code":200,"message":"ok","data":[{"id":9601,"name":"Home Depot Range","price_type":"Range","currency":"USD",
                 "discount_percentage":4,"min_denomination":5,"max_denomination":500,"denomination":"","quantity":0,"brand_id":177}]}
                """)
        let empty = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 40, provider: .piggyCards)
            })
        #expect(empty.kind == .refused)
        #expect(fixture.createRequests(.piggyCards) == 0)

        fixture.server.orderBook.setGiftCards(brandId: "177", json: fixture.server.fixtureText("piggycards/giftcards/177.json"))
        let quote = try await fixture.laterClient().quote(merchant: ClientFixture.homeDepot, amount: 40, provider: .piggyCards)
        fixture.server.loopback.inject(
            .respond(status: 500, body: fixture.server.fixtureText("piggycards/errors/out-of-stock.json")),
            path: fixture.server.path(.piggyCards, "orders"))
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.cause == .outOfStock, "\(failure.message)")
        #expect(fixture.createRequests(.piggyCards) == 1)
        #expect(try fixture.client.orders().isEmpty)
    }

    @Test("A range card: any amount inside it; above the 2,500 USD order cap refused before any request")
    func rangeCard() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 30, provider: .piggyCards))
        #expect(order.status == .unpaid)
        #expect(products(fixture) == ["9101"])

        fixture.server.orderBook.setGiftCards(
            brandId: "177",
            json: """
                {"code":200,"message":"ok","data":[{"id":9701,"name":"Big Range","price_type":"Range","currency":"USD",
                 "discount_percentage":4,"min_denomination":5,"max_denomination":5000,"denomination":"","quantity":3,"brand_id":177}]}
                """)
        let capped = try #require(
            await ClientFixture.failure {
                try await fixture.laterClient().quote(
                    merchant: ClientFixture.homeDepot, amount: 3000, provider: .piggyCards)
            })
        #expect(capped.cause == .amountNotAllowed)
        #expect(capped.message.contains("2500"), "\(capped.message)")
        #expect(fixture.createRequests(.piggyCards) == 1)
    }

    @Test("An option card: one of its values, ordered as that card; followed to the delivered card")
    func optionCard() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setGiftCards(brandId: "177", json: fixture.server.fixtureText("piggycards/giftcards/212.json"))
        fixture.server.orderBook.setProgression([.unpaid, .paid, .fulfilled])
        let refused = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 30, provider: .piggyCards)
            })
        #expect(refused.message.contains("10.00, 25.00, 50.00, 100.00"), "\(refused.message)")
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25, provider: .piggyCards))
        #expect(products(fixture) == ["9301"])
        let states = await fixture.states(of: order.id)
        #expect(states.last?.value?.status == .fulfilled)
        let card = try #require(try fixture.client.storedOrder(id: order.id).cards.first)
        #expect(card.number == MockOrderBook.cardNumber)
        #expect(card.pin == MockOrderBook.cardPin)
        #expect(card.claimLink?.hasPrefix("https://") == true)
    }
}
#endif
