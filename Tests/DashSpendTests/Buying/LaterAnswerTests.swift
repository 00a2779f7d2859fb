import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 28, "a later answer adds; it never takes away": a payment written another way never blocks a
/// forward status or a card, cards and their fields are only ever added, a rejected order is asked again,
/// the repeat-order guard looks across providers, and salvage carries every readable card over.
@Suite("A later answer adds; it never takes away", hangGuard(minutes: 3))
struct LaterAnswerTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// A CTX order of 25 USD at Home Depot, bought through the front door.
    static func bought(_ fixture: BuyingFixture) async throws -> Order {
        try await fixture.client.placeOrder(try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
    }

    @Test(
        "A fulfilled answer whose payment URI is only written another way (or lacks the amount) is taken, card and all",
        arguments: ["seven decimals", "no amount"])
    func reformattedPaymentTaken(_ form: String) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        let dash = try #require(created.dashAmount)
        let uri =
            form == "no amount"
            ? "dash:\(MockOrderBook.dashAddress)"
            : "dash:\(MockOrderBook.dashAddress)?amount=\(dash.plainText(fractionDigits: 7))"
        fixture.server.orderBook.setProgression([.fulfilled])
        fixture.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["paymentUrls"] = .object(["DASH.DASH": .string(uri)])
            return .object(object)
        }
        let order = try await fixture.client.order(id: created.id)
        #expect(order.status == .fulfilled && order.cards.count == 1, "\(form): \(order)")
        #expect(order.paymentURI == created.paymentURI, "the first payment is kept")
        #expect(!order.isPayable)
        let kept = try fixture.laterClient().storedOrder(id: created.id)
        #expect(kept.status == .fulfilled && kept.cards.count == 1)
    }

    @Test(
        "A payment to another address never blocks a delivered card: the card is taken, the first payment kept, the difference said"
    )
    func otherAddressStillTakesCard() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setProgression([.fulfilled])
        fixture.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["paymentUrls"] = .object(["DASH.DASH": .string("dash:\(OrderFactsTests.otherAddress)?amount=0.8")])
            return .object(object)
        }
        let order = try await fixture.client.order(id: created.id)
        #expect(order.status == .fulfilled && order.cards.count == 1)
        #expect(order.paymentURI == created.paymentURI)
        #expect(order.notes.contains { $0.contains(OrderFactsTests.otherAddress) }, "\(order.notes)")
        #expect(try fixture.laterClient().storedOrder(id: created.id).message?.contains("another address") == true)
    }

    @Test("A rejected order is asked again: paid and fulfilled later, its card is kept")
    func rejectedAskedAgain() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setProgression([.rejected, .fulfilled])
        #expect(try await fixture.client.order(id: created.id).status == .rejected)
        let later = try await fixture.laterClient().order(id: created.id)
        #expect(later.status == .fulfilled && later.cards.count == 1, "\(later)")
        #expect(fixture.server.requestCount(.ctx, "gift-cards/ctx-order-1") == 2)
    }

    static func kept(cards: [DeliveredCard], status: OrderStatus = .paid) -> Order {
        Order(
            id: "o", provider: .ctx, providerOrderId: "ctx-9", merchantId: "m", merchantName: "Home Depot", sourceId: "s",
            amount: 25, status: status, paymentURI: "dash:\(MockOrderBook.dashAddress)?amount=0.8", dashAmount: 0.8,
            cards: cards, createdAt: now, updatedAt: now)
    }

    static func answer(_ status: OrderStatus, cards: [DeliveredCard]) -> ProviderOrder {
        ProviderOrder(provider: .ctx, id: "ctx-9", status: status, providerStatus: status.rawValue, cards: cards)
    }

    @Test("A card's number once kept is never cleared: a later card with only a barcode adds the barcode")
    func fieldsOnlyAdded() throws {
        let kept = Self.kept(cards: [DeliveredCard(name: "Card", number: "6006491234567890")])
        let later = Self.answer(.fulfilled, cards: [DeliveredCard(name: "Card", barcodeLink: "https://b.example/1.png")])
        guard case .accepted(let order) = OrderTransition.apply(later, to: kept, network: .mainnet, at: Self.now) else {
            Issue.record("taken")
            return
        }
        #expect(order.cards == [DeliveredCard(name: "Card", number: "6006491234567890", barcodeLink: "https://b.example/1.png")])
        #expect(order.status == .fulfilled)
    }

    @Test("Another card in a later answer is kept beside the first, and said; the first is never replaced")
    func otherCardKeptBeside() throws {
        let first = DeliveredCard(name: "Card", number: "1111222233334444", pin: "1234")
        let other = DeliveredCard(name: "Card", number: "5555666677778888", pin: "9999")
        guard
            case .accepted(let order) = OrderTransition.apply(
                Self.answer(.fulfilled, cards: [other]), to: Self.kept(cards: [first]), network: .mainnet, at: Self.now)
        else {
            Issue.record("taken")
            return
        }
        #expect(order.cards == [first, other])
        #expect(order.notes.contains { $0.contains("number") && $0.contains("PIN") }, "\(order.notes)")
        #expect(!order.notes.joined().contains("1111") && !order.notes.joined().contains("5555"), "never the values")
        // The same answer again adds nothing more.
        guard
            case .accepted(let again) = OrderTransition.apply(
                Self.answer(.fulfilled, cards: [other]), to: order, network: .mainnet, at: Self.now)
        else {
            Issue.record("taken")
            return
        }
        #expect(again.cards == [first, other])
    }

    @Test("An unknown order at one provider stops a buy of the same merchant and amount at another")
    func repeatAcrossProviders() {
        let quote = PurchaseQuote(
            merchantId: "m-Nike", merchantName: "Nike", provider: .ctx, sourceId: "s", amount: 25, discountBasisPoints: 0,
            denominations: .flexible(minimum: 5, maximum: 500))
        let lost = Order(
            id: "lost", providerId: "piggycards", merchantId: "m-Nike", merchantName: "Nike", sourceId: "205", amount: 25,
            status: .unknown, createdAt: Self.now.addingTimeInterval(-300), updatedAt: Self.now)
        #expect(RecentOrderGuard.blocking(quote, among: [lost], now: Self.now).map(\.id) == ["lost"])
    }

    @Test("Salvage carries every readable card over: one whose order row is lost goes under a placeholder order")
    func orphanCardsSalvaged() throws {
        let state = try ScratchDirectory(prefix: "orphan-cards")
        let folder = state.path + "/mainnet"
        let path = folder + "/orders.db"
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = OrderStore(database: try OrderDatabase(path: path, network: .mainnet, now: Self.now))
        let kept = Self.kept(cards: [DeliveredCard(name: "Card", number: "6006491234567890")], status: .fulfilled)
        try store.insert(kept)
        // The order row is lost (as a damaged page loses it), its card is still there; then the file is damaged.
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            try connection.execute("PRAGMA foreign_keys = OFF")
            try connection.execute("DELETE FROM purchase_order WHERE id = 'o'")
            try connection.execute("CREATE TABLE filler (text TEXT)")
            for _ in 0..<12 {
                try connection.execute("INSERT INTO filler VALUES ('ORPHAN-PAGE-MARKER' || hex(randomblob(1500)))")
            }
        }
        try SQLitePageDamage.damagePage(of: path, holding: "ORPHAN-PAGE-MARKER")
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let client = try DashSpendClient(configuration: ClientFixture.configuration(state: state, server: server))
        let orders = try client.orders()
        let placeholder = try #require(orders.first { $0.id == "o" }, "\(orders)")
        #expect(placeholder.cards == kept.cards)
        #expect(try client.setAsideOrderFiles().first?.salvagedCards == 1)
    }
}
