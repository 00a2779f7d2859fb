import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// The transaction that paid an order, recorded by the wallet that paid it
/// (`DashSpendClient.recordPayment(orderId:transactionId:)`): validated, recorded once and kept, a second
/// different one refused, and for CTX usable to find an order whose create answer was lost.
@Suite("The transaction that paid an order is recorded once and kept", hangGuard(minutes: 3))
struct RecordedPaymentTests {
    static let txid = "4f2a9c0e1b7d3a5f6e8c2d4b0a9f1e3c5d7b9a2f4e6c8d0b1a3f5e7c9d2b4a6f"
    static let other = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"

    @Test("Recorded once (any case, kept lowercased), the same again changes nothing; kept through later answers")
    func recordedOnce() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .fulfilled])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        #expect(order.isPayable)
        let recorded = try fixture.client.recordPayment(orderId: order.id, transactionId: " \(Self.txid.uppercased()) ")
        #expect(recorded.transactionId == Self.txid)
        let when = try #require(recorded.transactionRecordedAt)
        #expect(!recorded.isPayable, "a paid order is not paid twice")

        // The same again, by the provider's order id: nothing changes.
        let again = try fixture.client.recordPayment(orderId: "ctx-order-1", transactionId: Self.txid)
        #expect(again.transactionId == Self.txid && again.transactionRecordedAt == when)

        // Later answers move the status and add the card; the record stays.
        _ = try await fixture.client.order(id: order.id)
        let fulfilled = try await fixture.laterClient().order(id: order.id)
        #expect(fulfilled.status == .fulfilled && !fulfilled.cards.isEmpty)
        #expect(fulfilled.transactionId == Self.txid && fulfilled.transactionRecordedAt == when)
        #expect(try fixture.laterClient().orders().first?.transactionId == Self.txid)
    }

    @Test("A different second transaction is refused, naming the first; nothing changes")
    func secondRefused() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        try fixture.client.recordPayment(orderId: order.id, transactionId: Self.txid)
        let refused = try #require(
            await ClientFixture.failure { try fixture.client.recordPayment(orderId: order.id, transactionId: Self.other) })
        #expect(refused.kind == .refused && refused.cause == .paymentAlreadyRecorded, "\(refused.message)")
        #expect(refused.message.contains(Self.txid) && refused.subject == order.id, "\(refused.message)")
        #expect(try fixture.client.storedOrder(id: order.id).transactionId == Self.txid)

        // Looking the order up by another transaction is refused the same way.
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: Self.other)
        let looked = try #require(
            await ClientFixture.failure { try await fixture.client.order(transactionId: Self.other) })
        #expect(looked.cause == .paymentAlreadyRecorded, "\(looked.message)")
        #expect(try fixture.client.storedOrder(id: order.id).transactionId == Self.txid)
    }

    @Test(
        "A transaction id that is not 64 hexadecimal digits is refused, nothing written",
        arguments: [
            "", "xyz", String(repeating: "a", count: 63), String(repeating: "a", count: 65),
            String(repeating: "g", count: 64), "0x" + String(repeating: "a", count: 62),
            String(repeating: "a", count: 32) + " " + String(repeating: "a", count: 31),
        ])
    func invalidRefused(_ text: String) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let order = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        let refused = try #require(
            await ClientFixture.failure { try fixture.client.recordPayment(orderId: order.id, transactionId: text) })
        #expect(refused.kind == .invalidRequest, "\(refused.message)")
        #expect(refused.message.contains("64 hexadecimal digits"), "\(refused.message)")
        #expect(try fixture.client.storedOrder(id: order.id).transactionId == nil)
        #expect(try fixture.client.storedOrder(id: order.id).isPayable)
    }

    @Test("An order not kept is not found; nothing is asked of the provider")
    func notKept() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let before = fixture.server.loopback.receivedRequests.count
        let missing = try #require(
            await ClientFixture.failure { try fixture.client.recordPayment(orderId: "no-such-order", transactionId: Self.txid) })
        #expect(missing.kind == .notFound)
        #expect(fixture.server.loopback.receivedRequests.count == before)
    }

    @Test("CTX: an order whose create answer was lost is found by its recorded transaction, by order ID")
    func lostOrderFoundByRecord() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        fixture.server.loopback.inject(.truncatedBody, path: fixture.server.path(.ctx, "gift-cards"), times: 1)
        let lost = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        let localId = try #require(lost.subject)
        #expect(try await fixture.client.order(id: localId).providerOrderId == nil, "nothing to ask CTX with yet")

        try fixture.client.recordPayment(orderId: localId, transactionId: Self.txid)
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: Self.txid)
        let found = try await fixture.client.order(id: localId)
        #expect(found.id == localId && found.providerOrderId == "ctx-order-1")
        #expect(found.status == .unpaid && !found.isPayable, "paid already by the recorded transaction")
        #expect(found.transactionId == Self.txid)
        #expect(try fixture.client.orders().count == 1)
    }

    @Test("CTX: order --txid attaches to the order the transaction was recorded for, where merchant and amount are ambiguous")
    func recordResolvesAmbiguity() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let path = fixture.server.path(.ctx, "gift-cards")
        var ids: [String] = []
        for _ in 0..<2 {
            let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25, again: true)
            fixture.server.loopback.inject(.truncatedBody, path: path, times: 1)
            ids.append(try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) }?.subject))
        }
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: Self.txid)
        let ambiguous = try #require(await ClientFixture.failure { try await fixture.client.order(transactionId: Self.txid) })
        #expect(ambiguous.cause == .ambiguousOrder, "two lost orders of that card: \(ambiguous.message)")

        try fixture.client.recordPayment(orderId: ids[0], transactionId: Self.txid)
        let found = try await fixture.client.order(transactionId: Self.txid.uppercased())
        #expect(found.id == ids[0] && found.providerOrderId == "ctx-order-1")
        #expect(try fixture.client.storedOrder(id: ids[1]).providerOrderId == nil, "the other is left as it was")
    }
}
