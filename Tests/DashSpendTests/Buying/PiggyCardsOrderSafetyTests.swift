#if PIGGYCARDS_ENABLED
import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 17 with PiggyCards through the front door: its range's own ends, its status words (both wallets',
/// the safe reading where they differ), its "not found" body, its other spellings, its payTo checked against
/// its exchange rate, and the rate's max age at the boundary itself.
@Suite("PiggyCards orders and money through the front door", hangGuard(minutes: 3))
struct PiggyCardsOrderSafetyTests {
    /// Home Depot at PiggyCards (brand 177) as one Range card from 10 to 200 USD, 4 % off.
    static let rangeCards = """
        {"code":200,"message":"ok","data":[{"id":9701,"name":"Home Depot Range","price_type":"Range","currency":"USD",
         "discount_percentage":4,"min_denomination":10,"max_denomination":200,"denomination":"","quantity":10,"brand_id":177}]}
        """

    /// A Nike card of 20 USD (the instant card 9201), unpaid.
    static func bought(_ fixture: BuyingFixture) async throws -> Order {
        try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards))
    }

    @Test("Two buys of one card racing past the first look: the look and the write are one, one order is placed")
    func racingBuysOfOneCard() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let client = fixture.client
        let quote = try await client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        // Both buys pass the first look for an outstanding card, then wait on the one exchange-rate request
        // (asked before the order is written) until both have joined it: they then write at once.
        let gate = LoopbackGate()
        fixture.server.loopback.inject(.hold(gate), path: fixture.server.path(.piggyCards, "exchange-rate"), times: 1)
        let outcomes = try await withThrowingTaskGroup(of: Result<Order, DashSpendFailure>.self) { group in
            defer { gate.open() }
            for _ in 0..<2 {
                group.addTask {
                    do {
                        return .success(try await client.placeOrder(quote))
                    } catch {
                        return .failure(DashSpendFailure(error))
                    }
                }
            }
            try await waitUntil("both buys wait on the rate") {
                await client.rateCallersInFlight(.piggyCards, currency: "USD") == 2
            }
            gate.open()
            return try await group.reduce(into: [Result<Order, DashSpendFailure>]()) { $0.append($1) }
        }
        let placed = outcomes.compactMap { try? $0.get() }
        let refused = outcomes.compactMap { if case .failure(let failure) = $0 { failure } else { nil } }
        #expect(placed.count == 1)
        #expect(refused.map(\.cause) == [.orderPending], "\(refused.map(\.message))")
        #expect(fixture.createRequests(.piggyCards) == 1)
        #expect(try client.orders().map(\.id) == placed.map(\.id))
    }

    @Test("A PiggyCards Range card at exactly its minimum and maximum is bought; a cent outside either is refused unsent")
    func rangeEnds() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.orderBook.setGiftCards(brandId: "177", json: Self.rangeCards)
        for text in ["10", "200"] {
            let amount = try #require(Decimal(string: text))
            let order = try await fixture.client.placeOrder(
                try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: amount, provider: .piggyCards))
            #expect(order.status == .unpaid, "\(text)")
        }
        #expect(fixture.createRequests(.piggyCards) == 2)
        for text in ["9.99", "200.01"] {
            let failure = try #require(
                await ClientFixture.failure {
                    try await fixture.client.quote(
                        merchant: ClientFixture.homeDepot, amount: Decimal(string: text)!, provider: .piggyCards)
                })
            #expect(failure.cause == .amountNotAllowed, "\(text)")
        }
        #expect(fixture.createRequests(.piggyCards) == 2, "nothing sent for the amounts outside")
    }

    @Test(
        "PiggyCards' status words as both wallets read them; an unknown word is unknown, never unpaid",
        arguments: [
            ("Payment pending", OrderStatus.unpaid), ("PAID", .paid), ("processing", .paid), ("Complete", .fulfilled),
            ("completed", .fulfilled), ("Failed", .rejected), ("rejected", .rejected), ("Cancelled", .rejected),
            ("canceled", .rejected), ("Refunded", .unknown), ("", .unknown),
        ])
    func statusWords(word: String, expected: OrderStatus) async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setPiggyCardsStatusWord(word)
        let order = try await fixture.client.order(id: created.id)
        #expect(order.status == expected, "\(word)")
        #expect(order.message != "success", "no bogus note")
    }

    @Test("HTTP 200 with body code 404 and no data: PiggyCards does not know the order; the kept order is not payable")
    func notFoundBody() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setStatusAnswerEdit { _, _, _ in
            .object(["code": .number(404), "message": .string("Order not found"), "data": .null])
        }
        let failure = try #require(await ClientFixture.failure { try await fixture.client.order(id: created.id) })
        #expect(failure.kind == .refused, "\(failure)")
        #expect(failure.message.contains("does not know"), "\(failure.message)")
        let kept = try fixture.laterClient().storedOrder(id: created.id)
        #expect(kept.status == .unknown && kept.lastKnownStatus == .unpaid && kept.paymentURI == created.paymentURI)
        #expect(!kept.isPayable)
    }

    @Test("The Android spelling barcodelink is read")
    func androidBarcodeSpelling() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setProgression([.fulfilled])
        fixture.server.orderBook.setPiggyCardsAndroidSpellings(true)
        let order = try await fixture.client.order(id: created.id)
        #expect(order.cards.first?.barcodeLink?.hasPrefix("https://piggy.example/barcode/") == true)
    }

    @Test("A payTo far from the price at PiggyCards' exchange rate is kept as rejected, with no payment")
    func payToChecked() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let quote = try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards)
        fixture.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            object["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=100")
            return .object(object)
        }
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        let kept = try #require(try fixture.client.orders().first)
        #expect(kept.status == .rejected && kept.paymentURI == nil)
    }

    @Test("A stored rate exactly as old as its max age is asked again, as a stored offer of that age is")
    func rateAtItsMaxAge() async throws {
        let state = try ScratchDirectory(prefix: "rate-boundary")
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let credentials = InMemoryCredentialStore()
        for provider in [GiftCardProvider.ctx, .piggyCards] {
            try credentials.save(server.signedInCredentials(for: provider), for: provider, network: .mainnet)
        }
        let clock = ManualClock()
        func client() throws -> DashSpendClient {
            var configuration = ClientFixture.configuration(state: state, server: server)
            configuration.credentials = credentials
            configuration.now = { clock.now }
            return try DashSpendClient(configuration: configuration)
        }
        let maxAge = 60.0
        #expect(ProviderInfo.piggyCards.exchangeRateMaxAge == maxAge)
        var rates: Int { server.requestCount(.piggyCards, "exchange-rate") }
        var offers: Int { server.requestCount(.ctx, "merchants/\(ClientFixture.homeDepot)") }
        _ = try await client().exchangeRate(from: .piggyCards)
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst(maxAge: maxAge))
        #expect(rates == 1 && offers == 1)

        clock.advance(by: maxAge)
        let rate = try await client().exchangeRate(from: .piggyCards)
        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst(maxAge: maxAge))
        let offer = try #require(merchant.offers.first { $0.provider == .ctx })
        #expect(rate.source == .live && rates == 2, "a rate exactly \(maxAge) s old is asked again")
        #expect(offer.discountBasisPoints.source == .live && offers == 2, "as an offer exactly \(maxAge) s old is")
    }
}
#endif
