import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// `DashSpendClient.watchOrders(polling:)` against the mock CTX order book: every open order followed at
/// once, one change per status move or card arrival, a failure said once per streak.
@Suite("Watching every open order", hangGuard(minutes: 3))
struct WatchOrdersTests {
    static let polling = OrderPolling(initial: 0.02, maximum: 0.05)

    /// Places CTX orders of `amounts` for Home Depot, oldest first.
    static func place(_ amounts: [Decimal], _ fixture: BuyingFixture) async throws -> [Order] {
        var orders: [Order] = []
        for amount in amounts {
            let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: amount, again: true)
            orders.append(try await fixture.client.placeOrder(quote))
        }
        return orders
    }

    /// Every change of one watch, until it finishes.
    static func changes(_ client: DashSpendClient) async throws -> [OrderChange] {
        var collected: [OrderChange] = []
        for await change in try client.watchOrders(polling: polling) { collected.append(change) }
        return collected
    }

    @Test("Three orders that settle at different times are all followed to the end by one watch")
    func threeOrders() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .unpaid, .paid, .paid, .fulfilled])
        let orders = try await Self.place([25, 30, 40], fixture)
        // The first is asked four times before the watch (paid), the second twice (still unpaid), the third
        // never: the first settles at the watch's first ask, the others later, the third last.
        for _ in 0..<4 { _ = try await fixture.client.order(id: orders[0].id) }
        for _ in 0..<2 { _ = try await fixture.client.order(id: orders[1].id) }
        #expect(try fixture.client.storedOrder(id: orders[0].id).status == .paid)

        let changes = try await Self.changes(fixture.client)
        let moves = changes.map {
            "\($0.order.id == orders[0].id ? "A" : $0.order.id == orders[1].id ? "B" : "C") "
                + "\($0.previousStatus.rawValue)>\($0.order.status.rawValue)\($0.cardsArrived ? " card" : "")"
        }
        #expect(
            moves == [
                "A paid>fulfilled card", "B unpaid>paid", "B paid>fulfilled card", "C unpaid>paid",
                "C paid>fulfilled card",
            ], "\(moves)")
        #expect(changes.allSatisfy { $0.failure == nil })
        #expect(changes.filter(\.cardsArrived).allSatisfy { $0.arrivedCards == 1 && !$0.isOpen })
        for order in orders {
            let kept = try fixture.client.storedOrder(id: order.id)
            #expect(kept.status == .fulfilled && kept.cards.count == 1 && !kept.isOpen)
        }
        let calls = fixture.server.orderBook.entries.map(\.statusCalls)
        #expect(calls == [5, 5, 5], "no order is asked again once it is fulfilled: \(calls)")
        #expect(try await Self.changes(fixture.client).isEmpty, "nothing is left open: the next watch ends at once")
    }

    @Test("A failure to ask is said once per streak of failures, and the watch goes on to the end")
    func failureOncePerStreak() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .fulfilled])
        let order = try #require(try await Self.place([25], fixture).first)
        let path = fixture.server.path(.ctx, "gift-cards/\(try #require(order.providerOrderId))")
        fixture.server.loopback.inject(.respond(status: 500, body: #"{"errors":[{"message":"down"}]}"#), path: path, times: 3)

        let changes = try await Self.changes(fixture.client)
        #expect(changes.count == 2, "\(changes)")
        #expect(changes.first?.failure?.kind == .unavailable)
        #expect(changes.first?.order.status == .unpaid && changes.first?.statusChanged == false)
        #expect(changes.last?.failure == nil && changes.last?.order.status == .fulfilled)
        #expect(changes.last?.cardsArrived == true)
        #expect(fixture.server.loopback.receivedRequests.filter { $0.path == path }.count == 5)
    }

    @Test("No open order: the watch ends at once; creating, rejected, delivered and lost orders are not open")
    func nothingOpen() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        #expect(try await Self.changes(fixture.client).isEmpty)
        let now = Date()
        func order(_ status: OrderStatus, providerOrderId: String? = "p-1", cards: [DeliveredCard] = []) -> Order {
            Order(
                id: "o", provider: .ctx, providerOrderId: providerOrderId, merchantId: "m", merchantName: "M",
                sourceId: "s", amount: 25, status: status, cards: cards, createdAt: now, updatedAt: now)
        }
        #expect(order(.unpaid).isOpen && order(.paid).isOpen && order(.unknown).isOpen)
        #expect(!order(.unknown, providerOrderId: nil).isOpen, "a lost create answer has no id to ask with")
        #expect(!order(.creating).isOpen && !order(.rejected).isOpen)
        #expect(!order(.fulfilled, cards: [DeliveredCard(number: "1")]).isOpen)
        #expect(order(.fulfilled).isOpen, "fulfilled without its card: asked again until it comes")
    }
}
