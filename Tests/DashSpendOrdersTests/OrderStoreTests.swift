import DashSpendCore
import DashSpendOrders
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// The orders module on its own, without the client: the store on a real file (what is written is read back
/// whole, a file opened to read is left byte for byte), the payment's transaction recorded once, orders a
/// cut-off buy left `creating` settled, and the rules a provider's later answer is held to.
@Suite("The orders module keeps orders whole and only lets later answers move them forward")
struct OrderStoreTests {
    let scratch: ScratchDirectory
    let path: String
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    init() throws {
        scratch = try ScratchDirectory(prefix: "order-store")
        path = scratch.file("orders.db")
    }

    func store() throws -> OrderStore {
        OrderStore(database: try OrderDatabase(path: path, network: .mainnet, now: now))
    }

    func order(_ id: String, status: OrderStatus = .unpaid, cards: [DeliveredCard] = []) -> Order {
        Order(
            id: id, provider: .ctx, providerOrderId: "ctx-\(id)", merchantId: "m-1", merchantName: "Café Harbor",
            sourceId: "src-1", amount: Decimal(string: "25.00")!, status: status,
            paymentURI: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0.5", dashAmount: Decimal(string: "0.5"),
            cards: cards, createdAt: now, updatedAt: now)
    }

    @Test("An order written is read back whole from another open of the file, cards and all")
    func roundTrip() throws {
        let card = DeliveredCard(name: "Café Harbor", number: "6006-1234", pin: "4321")
        try store().insert(order("o-1", status: .fulfilled, cards: [card]))
        let read = try #require(try store().order(id: "o-1"))
        #expect(read.providerOrderId == "ctx-o-1" && read.merchantName == "Café Harbor")
        #expect(read.amount == Decimal(string: "25") && read.dashAmount == Decimal(string: "0.5"))
        #expect(read.paymentURI == "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0.5")
        #expect(read.status == .fulfilled && read.cards == [card])
        #expect(try store().order(providerId: GiftCardProvider.ctx.id, providerOrderId: "ctx-o-1")?.id == "o-1")
    }

    @Test("A file opened only to read is left byte for byte, and refuses every write")
    func readingOnlyLeavesTheFile() throws {
        try store().insert(order("o-1"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let reader = OrderStore(database: try OrderDatabase(readingOnly: path, network: .mainnet))
        #expect(try reader.all().map(\.id) == ["o-1"])
        #expect(throws: (any Error).self) { try reader.insert(order("o-2")) }
        #expect(try reader.settleInterruptedCreates(message: "x", at: now) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("The paying transaction is recorded once: the same again changes nothing, another is refused")
    func paymentRecordedOnce() throws {
        let store = try store()
        try store.insert(order("o-1"))
        let txid = String(repeating: "ab", count: 32)
        #expect(try store.recordPayment(orderId: "o-1", transactionId: txid, at: now) == .recorded)
        #expect(try store.recordPayment(orderId: "o-1", transactionId: txid.uppercased(), at: now) == .recordedAlready)
        let other = String(repeating: "cd", count: 32)
        #expect(try store.recordPayment(orderId: "o-1", transactionId: other, at: now) == .otherRecorded(txid))
        #expect(try store.recordPayment(orderId: "nowhere", transactionId: other, at: now) == .notKept)
        #expect(try store.order(id: "o-1")?.transactionId == txid)
    }

    @Test("Orders a cut-off buy left creating become unknown, with the message; others are left alone")
    func interruptedCreatesSettled() throws {
        let store = try store()
        try store.insert(order("cut", status: .creating))
        try store.insert(order("paid", status: .paid))
        let later = now.addingTimeInterval(60)
        #expect(try store.settleInterruptedCreates(message: "the buy ended", at: later) == 1)
        #expect(try store.order(id: "cut")?.status == .unknown)
        #expect(try store.order(id: "cut")?.message == "the buy ended")
        #expect(try store.order(id: "paid")?.status == .paid)
        #expect(try store.settleInterruptedCreates(message: "again", at: later) == 0)
    }

    @Test("A later answer moves the status forward and adds cards; one stepping back or about another order is refused")
    func laterAnswersOnlyMoveForward() throws {
        let kept = order("o-1", status: .paid)
        let first = DeliveredCard(number: "1111", pin: "1")
        let delivered = OrderTransition.apply(
            ProviderOrder(provider: .ctx, id: "ctx-o-1", status: .fulfilled, cards: [first]), to: kept,
            network: .mainnet, at: now)
        guard case .accepted(let fulfilled) = delivered else {
            Issue.record("refused: \(delivered)")
            return
        }
        #expect(fulfilled.status == .fulfilled && fulfilled.cards == [first])
        #expect(fulfilled.paymentURI == kept.paymentURI && fulfilled.dashAmount == kept.dashAmount)

        // A later answer without the card keeps it; one with another card keeps both.
        let second = DeliveredCard(number: "2222", pin: "2")
        let again = OrderTransition.apply(
            ProviderOrder(provider: .ctx, id: "ctx-o-1", status: .fulfilled, cards: [second]), to: fulfilled,
            network: .mainnet, at: now)
        guard case .accepted(let both) = again else {
            Issue.record("refused: \(again)")
            return
        }
        #expect(both.cards.map(\.number) == ["1111", "2222"])

        let back = OrderTransition.apply(
            ProviderOrder(provider: .ctx, id: "ctx-o-1", status: .unpaid), to: kept, network: .mainnet, at: now)
        #expect(back.refusal?.contains("never moves back") == true, "\(back)")
        let another = OrderTransition.apply(
            ProviderOrder(provider: .ctx, id: "ctx-o-9", status: .fulfilled), to: kept, network: .mainnet, at: now)
        #expect(another.refusal?.contains("ctx-o-9") == true, "\(another)")
        let otherAmount = OrderTransition.apply(
            ProviderOrder(provider: .ctx, id: "ctx-o-1", status: .paid, fiatAmount: 50), to: kept, network: .mainnet,
            at: now)
        #expect(otherAmount.refusal?.contains("not the 25.00 USD ordered") == true, "\(otherAmount)")
    }
}

extension OrderTransition.Outcome {
    /// Why the answer was refused; nil when it was taken.
    var refusal: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}
