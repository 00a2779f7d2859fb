import DashSpend
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Buying CTX gift cards through the front door, against the mock CTX API (its order book) on loopback,
/// with the orders in the state database's real file.
@Suite("The front door buys CTX gift cards and keeps the orders", hangGuard(minutes: 3))
struct CTXBuyingTests {
    @Test("CTX sells one card per order: several are refused before anything is ordered, a quote made by hand too")
    func oneCardPerOrder() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let named = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(
                    merchant: ClientFixture.homeDepot, amounts: [PurchaseAmount(value: 25, quantity: 2)], provider: .ctx)
            })
        #expect(named.kind == .refused && named.cause == .oneCardPerOrder && named.provider == .ctx, "\(named.message)")
        #expect(named.message.contains("one card per order"), "\(named.message)")
        if !GiftCardProvider.allCases.contains(where: \.info.severalCardsPerOrder) {
            // No provider of this build takes several: without --provider, the same refusal.
            let any = try #require(
                await ClientFixture.failure {
                    try await fixture.client.quote(
                        merchant: ClientFixture.homeDepot, amounts: [PurchaseAmount(value: 25), PurchaseAmount(value: 30)])
                })
            #expect(any.cause == .oneCardPerOrder, "\(any.message)")
        }
        let byHand = PurchaseQuote(
            merchantId: ClientFixture.homeDepot, merchantName: "Home Depot", provider: .ctx, sourceId: ClientFixture.homeDepot,
            lines: [PurchaseQuote.Line(amount: 25, quantity: 2, discountBasisPoints: 0)],
            denominations: .flexible(minimum: 5, maximum: 500))
        let placed = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(byHand) })
        #expect(placed.cause == .oneCardPerOrder)
        #expect(fixture.createRequests(.ctx) == 0)
        #expect(try fixture.client.orders().isEmpty)
    }

    @Test("A min-max card: the amount goes out with two decimals, the payment is DASH.DASH among several keys")
    func minMaxPurchase() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: Decimal(string: "12.5")!)
        #expect(quote.provider == .ctx)
        #expect(quote.discountBasisPoints == ClientFixture.homeDepotLiveDiscount)
        #expect(quote.price == Decimal(string: "12.09")!)
        #expect(fixture.createRequests(.ctx) == 0, "a quote orders nothing")

        let order = try await fixture.client.placeOrder(quote)
        #expect(order.status == .unpaid)
        #expect(order.providerOrderId == "ctx-order-1")
        #expect(order.paymentURI == MockOrderBook.paymentURI(Decimal(string: "12.5")!))
        #expect(order.paymentURI?.hasPrefix("dash:") == true)
        #expect(order.dashAmount == Decimal(string: MockOrderBook.dash(Decimal(string: "12.5")!)))
        #expect(fixture.server.orderBook.createBodies(.ctx).first?["fiatAmount"]?.string == "12.50")
        #expect(fixture.createRequests(.ctx) == 1, "one buy, one create request")

        let kept = try fixture.client.orders()
        #expect(kept.map(\.id) == [order.id])
        #expect(kept.first?.providerOrderId == "ctx-order-1")
        #expect(fixture.stateDatabaseMode == 0o600)
    }

    @Test("A fixed card: one of the values is bought; another amount is refused before any request, listing the values")
    func fixedPurchase() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let refused = try #require(
            await ClientFixture.failure { try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 30) })
        #expect(refused.kind == .refused)
        #expect(refused.cause == .amountNotAllowed)
        #expect(refused.message.contains("10.00, 25.00, 50.00"), "\(refused.message)")
        #expect(fixture.createRequests(.ctx) == 0)

        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 25))
        #expect(order.status == .unpaid)
        #expect(fixture.server.orderBook.createBodies(.ctx).map { $0["fiatAmount"]?.string } == ["25.00"])
        #expect(fixture.server.orderBook.entries.first?.product == BuyingFixture.nike)
    }

    @Test(
        "Amounts outside the range, or with more than two decimals, are refused locally",
        arguments: ["4.99", "1000.01", "25.125"])
    func refusedLocally(amount: String) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let failure = try #require(
            await ClientFixture.failure {
                try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: Decimal(string: amount)!)
            })
        #expect(failure.cause == .amountNotAllowed)
        #expect(failure.message.contains(amount), "\(failure.message)")
        #expect(failure.message.contains("allowed: 5.00 to 1000.00"), "what is allowed is listed: \(failure.message)")
        #expect(fixture.createRequests(.ctx) == 0)
        #expect(try fixture.client.orders().isEmpty)
    }

    @Test(
        "The provider's refusals are distinct, and nothing is kept for them",
        arguments: [
            (500, "ctx/errors/out-of-stock.json", DashSpendFailure.Cause.outOfStock),
            (400, "ctx/errors/above-threshold.json", .limitsChanged),
            (403, "ctx/errors/region.json", .regionNotAllowed),
        ])
    func refusals(status: Int, body: String, cause: DashSpendFailure.Cause) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.loopback.inject(
            .respond(status: status, body: fixture.server.fixtureText(body)), path: fixture.server.path(.ctx, "gift-cards"))
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        #expect(failure.cause == cause)
        #expect(failure.provider == .ctx)
        #expect(fixture.createRequests(.ctx) == 1, "never retried")
        #expect(try fixture.client.orders().isEmpty, "nothing was bought")
    }

    @Test("A 401 on the purchase refreshes the session once and retries once: one order")
    func unauthorizedRefreshesOnce() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.expireAccessTokens(for: .ctx)
        let order = try await fixture.client.placeOrder(quote)
        #expect(order.status == .unpaid)
        #expect(fixture.createRequests(.ctx) == 2, "the refused request and its one retry")
        #expect(fixture.server.orderBook.createdCount(.ctx) == 1, "the refused request created nothing")
        #expect(fixture.server.refreshCounts.granted == 1)
    }

    @Test("The connection drops after CTX created the order: kept as unknown, found later by its transaction")
    func answerLost() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.loopback.inject(.truncatedBody, path: fixture.server.path(.ctx, "gift-cards"), times: 1)
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .unavailable)
        #expect(fixture.server.orderBook.createdCount(.ctx) == 1, "CTX has the order")
        #expect(fixture.createRequests(.ctx) == 1, "a lost answer is never retried")
        let localId = try #require(failure.subject)
        #expect(failure.message.contains(localId))

        let kept = try #require(try fixture.client.orders().first)
        #expect(kept.id == localId)
        #expect(kept.status == .unknown)
        #expect(kept.providerOrderId == nil)
        #expect(try await fixture.client.order(id: localId).status == .unknown, "nothing to ask CTX with yet")

        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-paid-1")
        let found = try await fixture.client.order(transactionId: "tx-paid-1")
        #expect(found.id == localId, "the unknown order is the one found")
        #expect(found.providerOrderId == "ctx-order-1")
        #expect(found.transactionId == "tx-paid-1")
        #expect(try fixture.client.orders().count == 1)
    }

    @Test("A 503 on the purchase is the provider down; the order is kept as unknown (it may exist)")
    func providerDown() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.loopback.inject(
            .respond(status: 503, body: #"{"errors":[{"message":"maintenance"}]}"#), path: fixture.server.path(.ctx, "gift-cards")
        )
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .unavailable)
        #expect(try fixture.client.orders().map(\.status) == [.unknown])
    }

    @Test("The save after CTX created the order fails: the order and its payment are still returned, the failure said")
    func saveFailsAfterCreation() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        // The first write (status creating) inserts; the one after CTX's answer updates, and fails.
        try SQLiteConnection(path: "\(fixture.state.path)/mainnet/orders.db", mode: .readWrite).execute(
            "CREATE TRIGGER refuse_update BEFORE UPDATE ON purchase_order BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        let order = try await fixture.client.placeOrder(quote)
        #expect(order.paymentURI == MockOrderBook.paymentURI(25))
        #expect(order.providerOrderId == "ctx-order-1")
        let notSaved = try #require(order.notSaved)
        #expect(notSaved.contains("ctx-order-1") && notSaved.contains("disk full"), "\(notSaved)")
        #expect(fixture.createRequests(.ctx) == 1)
    }

    @Test("A create answer naming the provider id of a kept row too damaged to read is not a new order: rejected")
    func answerNamingADamagedKeptRow() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        // A kept order whose row no longer reads as an order (its amount is damaged) but still holds the id
        // CTX's next answer will carry.
        let first = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        #expect(first.providerOrderId == "ctx-order-1")
        try SQLiteConnection(path: "\(fixture.state.path)/mainnet/orders.db", mode: .readWrite).execute(
            "UPDATE purchase_order SET amount = 'damaged', providerOrderId = 'ctx-order-2' WHERE id = ?1",
            [.text(first.id)])

        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 30)
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        #expect(failure.message.contains("is the id of order \(first.id), kept already"), "\(failure.message)")
        let second = try #require(try fixture.client.orders().first { $0.id != first.id })
        #expect(second.status == .rejected)
        #expect(second.paymentURI == nil && second.dashAmount == nil, "a rejected order shows no payment")
        #expect(second.providerOrderId == nil, "the id stays with the kept row")
        #expect(fixture.createRequests(.ctx) == 2)
    }

    @Test("The token refresh after a 401 fails (503): nothing was bought, the order is not kept as unknown")
    func refreshFailsBeforeCreation() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.expireAccessTokens(for: .ctx)
        fixture.server.loopback.inject(
            .respond(status: 503, body: #"{"errors":[{"message":"maintenance"}]}"#),
            path: fixture.server.path(.ctx, "refresh-token"))
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .unavailable)
        #expect(!failure.message.contains("may exist"), "\(failure.message)")
        #expect(fixture.server.orderBook.createdCount(.ctx) == 0)
        #expect(try fixture.client.orders().isEmpty, "nothing was bought: nothing is kept")
    }

    @Test("Without a sign-in a quote is sign-in required, and nothing is sent to buy")
    func signInNeeded() async throws {
        let fixture = try BuyingFixture(signedInTo: [])
        let failure = try #require(
            await ClientFixture.failure { try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25) })
        #expect(failure.kind == .signInRequired)
        #expect(fixture.createRequests(.ctx) == 0)
    }

    @Test("No DASH.DASH entry among the payment URLs: the order cannot be paid, says so, and is kept as rejected")
    func noDashPaymentURL() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setCTXPaymentURLs([
            "BTC.BTC": "bitcoin:bc1qexample?amount=0.1", "DASH.BTC": "dash:XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw?amount=1",
        ])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        #expect(failure.message.contains("cannot be paid"), "\(failure.message)")
        #expect(failure.message.contains("DASH.DASH"), "the provider's message is shown: \(failure.message)")
        #expect(try fixture.client.orders().map(\.status) == [.rejected])
    }

    @Test("An order followed from unpaid through paid to fulfilled; its card survives a failing status call")
    func followToFulfilled() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .paid, .fulfilled])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        let states = await fixture.states(of: order.id)
        let loaded = states.compactMap { state -> OrderStatus? in
            if case .loaded(let order, let source, _) = state, source == .live { return order.status }
            return nil
        }
        #expect(loaded == [.unpaid, .paid, .fulfilled])
        guard case .loading(let first)? = states.first else {
            Issue.record("the first state is loading with the kept order: \(states)")
            return
        }
        #expect(first?.id == order.id)
        let fulfilled = try fixture.client.storedOrder(id: order.id)
        #expect(fulfilled.cards.first?.number == MockOrderBook.cardNumber)
        #expect(fulfilled.cards.first?.pin == MockOrderBook.cardPin)
        #expect(fulfilled.cards.first?.barcodeLink != nil)
        #expect(!"\(fulfilled.cards)".contains(MockOrderBook.cardNumber), "a card's description hides the number")

        let statusPath = fixture.server.path(.ctx, "gift-cards/ctx-order-1")
        let asked = fixture.server.loopback.receivedRequests.filter { $0.path == statusPath }.count
        fixture.server.loopback.inject(.respond(status: 500, body: #"{"errors":[{"message":"down"}]}"#), path: statusPath)
        let shown = try await fixture.client.order(id: order.id)
        #expect(shown.status == .fulfilled, "a delivered card is shown while CTX is down")
        #expect(shown.cards == fulfilled.cards)
        #expect(
            fixture.server.loopback.receivedRequests.filter { $0.path == statusPath }.count == asked,
            "a fulfilled order with its card kept is not asked about again")
        #expect(try fixture.client.storedOrder(id: order.id).cards == fulfilled.cards)

        fixture.server.loopback.clearFaults()
        fixture.server.orderBook.setProgression([.paid])
        let again = try await fixture.client.order(id: "ctx-order-1")
        #expect(again.cards == fulfilled.cards, "a later answer without the card keeps it")
        #expect(again.status == .fulfilled)
    }
}
