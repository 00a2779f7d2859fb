import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 28 with CTX through the front door: a payment is shown only after a check against a rate (none:
/// the order waits for the check), an order found by its transaction is never payable, an order CTX no
/// longer knows is not payable until CTX says it is, and the tolerance of the check is pinned from both
/// sides.
@Suite("A payment is shown only once it is checked (CTX)", hangGuard(minutes: 3))
struct CheckedPaymentTests {
    /// A CTX order of 25 USD at Home Depot, bought through the front door.
    static func bought(_ fixture: BuyingFixture) async throws -> Order {
        try await fixture.client.placeOrder(try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
    }

    /// Every create and status answer without `rate` and `paymentFiatAmount`, asking `dash` DASH when given.
    static func withoutRate(_ fixture: BuyingFixture, asking dash: String? = nil, statusToo: Bool = false) {
        let edit: @Sendable (JSONValue) -> JSONValue = { answer in
            var object = answer.object ?? [:]
            object["rate"] = nil
            object["paymentFiatAmount"] = nil
            if let dash {
                object["paymentUrls"] = .object(["DASH.DASH": .string("dash:\(MockOrderBook.dashAddress)?amount=\(dash)")])
                object["paymentCryptoAmount"] = .string(dash)
            }
            return .object(object)
        }
        fixture.server.orderBook.setCreateAnswerEdit { _, answer in edit(answer) }
        if statusToo { fixture.server.orderBook.setStatusAnswerEdit { _, _, answer in edit(answer) } }
    }

    @Test("CTX asking 500 DASH for a 25 USD card with no rate: kept, not payable; checked on the next ask, rejected")
    func noRateUnchecked() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        Self.withoutRate(fixture, asking: "500")
        let created = try await Self.bought(fixture)
        #expect(created.status == .unpaid && !created.isPayable, "no payment shown unchecked")
        #expect(created.message?.contains("no exchange rate") == true, "\(created.message ?? "")")
        #expect(created.message?.contains("500") == false, "the amount not checked is said nowhere")
        #expect(try !fixture.laterClient().storedOrder(id: created.id).isPayable, "kept so")

        // The next ask carries CTX's rate: 500 DASH is far from the price at it.
        fixture.server.orderBook.setCreateAnswerEdit(nil)
        fixture.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["paymentUrls"] = .object(["DASH.DASH": .string("dash:\(MockOrderBook.dashAddress)?amount=500")])
            return .object(object)
        }
        let checked = try await fixture.client.order(id: created.id)
        #expect(checked.status == .rejected && !checked.isPayable, "\(checked)")
        #expect(try fixture.laterClient().storedOrder(id: created.id).status == .rejected)
    }

    @Test("A right payment kept without a rate becomes payable once a later answer's rate checks it")
    func noRateThenChecked() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        Self.withoutRate(fixture)
        let created = try await Self.bought(fixture)
        #expect(!created.isPayable)
        fixture.server.orderBook.setCreateAnswerEdit(nil)
        let checked = try await fixture.client.order(id: created.id)
        #expect(checked.status == .unpaid && checked.isPayable, "\(checked)")
        #expect(checked.paymentURI == created.paymentURI)
        #expect(try fixture.laterClient().storedOrder(id: created.id).isPayable)
    }

    @Test("Still no rate on the next ask: the order keeps waiting for its check")
    func noRateStillWaiting() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        Self.withoutRate(fixture, statusToo: true)
        let created = try await Self.bought(fixture)
        let asked = try await fixture.client.order(id: created.id)
        #expect(asked.status == .unpaid && !asked.isPayable)
    }

    @Test(
        "The tolerance from both sides: 1.5 % off the price at the rate is shown, 3 % off is rejected with no payment",
        arguments: [("1.015", true), ("0.985", true), ("1.03", false), ("0.97", false)])
    func tolerance(factor: String, shown: Bool) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let scale = try #require(Decimal(string: factor))
        fixture.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            let price = object["paymentFiatAmount"]?.string.flatMap { Decimal(string: $0) } ?? 0
            let rate = object["rate"]?.string.flatMap { Decimal(string: $0) } ?? 1
            let dash = (price / rate * scale).plainText(fractionDigits: 8)
            object["paymentUrls"] = .object(["DASH.DASH": .string("dash:\(MockOrderBook.dashAddress)?amount=\(dash)")])
            return .object(object)
        }
        if shown {
            let order = try await Self.bought(fixture)
            #expect(order.isPayable, "\(factor)")
        } else {
            let failure = try #require(await ClientFixture.failure { try await Self.bought(fixture) })
            #expect(failure.kind == .refused, "\(factor)")
            let kept = try #require(try fixture.client.orders().first)
            #expect(kept.status == .rejected && kept.paymentURI == nil && !kept.isPayable, "\(factor)")
        }
    }

    @Test("An order found by its transaction is never payable, even when CTX says unpaid")
    func foundByTransactionNotPayable() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        #expect(created.isPayable)
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-one")
        let found = try await fixture.client.order(transactionId: "tx-one")
        #expect(found.id == created.id && found.status == .unpaid)
        #expect(!found.isPayable, "a paid transaction's order is not shown as payable again")
        #expect(try !fixture.laterClient().storedOrder(id: created.id).isPayable)
    }

    @Test("A second transaction for an order that has one is refused and said; the first is kept")
    func secondTransactionRefused() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-one")
        _ = try await fixture.client.order(transactionId: "tx-one")
        fixture.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-two")
        let failure = try #require(await ClientFixture.failure { try await fixture.client.order(transactionId: "tx-two") })
        #expect(failure.kind == .refused && failure.message.contains("tx-one"), "\(failure.message)")
        #expect(try fixture.laterClient().storedOrder(id: created.id).transactionId == "tx-one")
    }

    @Test("After CTX's 404 the order is not payable (offline too); CTX's next unpaid answer makes it payable again")
    func notKnownNotPayable() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let created = try await Self.bought(fixture)
        fixture.server.loopback.inject(
            .respond(status: 404, body: #"{"errors":[{"message":"not found"}]}"#),
            path: fixture.server.path(.ctx, "gift-cards/ctx-order-1"), times: 1)
        _ = await ClientFixture.failure { try await fixture.client.order(id: created.id) }
        let kept = try fixture.laterClient().storedOrder(id: created.id)
        #expect(!kept.isPayable, "\(kept)")
        #expect(kept.paymentURI == created.paymentURI, "the payment itself is kept")
        let again = try await fixture.client.order(id: created.id)
        #expect(again.status == .unpaid && again.isPayable, "\(again)")
    }
}
