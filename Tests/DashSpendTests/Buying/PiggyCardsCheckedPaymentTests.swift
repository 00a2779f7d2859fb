#if PIGGYCARDS_ENABLED
import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 28 with PiggyCards through the front door: `payTo` is shown only after a check against PiggyCards'
/// exchange rate (none: the order waits for the check), the tolerance pinned from both sides, a `payMessage`
/// that contradicts the checked payment left out, an order PiggyCards no longer knows not payable, and a
/// card's fields only ever added.
@Suite("A payment is shown only once it is checked (PiggyCards)", hangGuard(minutes: 3))
struct PiggyCardsCheckedPaymentTests {
    /// A Nike card of 20 USD (the instant card 9201), bought through the front door.
    static func bought(_ fixture: BuyingFixture) async throws -> Order {
        try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: BuyingFixture.nike, amount: 20, provider: .piggyCards))
    }

    /// Every create answer asking `dash` DASH (nil: as the book asks), with `payMessage` when given.
    static func asking(_ fixture: BuyingFixture, dash: String?, payMessage: String? = nil) {
        fixture.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            if let dash { object["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=\(dash)") }
            if let payMessage { object["payMessage"] = .string(payMessage) }
            return .object(object)
        }
    }

    static let rateFailures: [(String, LoopbackFault)] = [
        ("503", .respond(status: 503, body: "down")),
        ("garbage", .respond(status: 200, body: "garbage")),
    ]

    @Test(
        "No exchange rate: a payTo of 1000 DASH for a 20 USD card is kept unpayable, then rejected by the next ask's check",
        arguments: rateFailures)
    func noRateThenRejected(_ what: String, fault: LoopbackFault) async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        Self.asking(fixture, dash: "1000")
        fixture.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            var data = object["data"]?.object ?? [:]
            data["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=1000")
            object["data"] = .object(data)
            return .object(object)
        }
        let ratePath = fixture.server.path(.piggyCards, "exchange-rate")
        fixture.server.loopback.inject(fault, path: ratePath)
        let created = try await Self.bought(fixture)
        #expect(created.status == .unpaid && !created.isPayable, "\(what): \(created)")
        #expect(try !fixture.laterClient().storedOrder(id: created.id).isPayable)
        let stillDown = try await fixture.client.order(id: created.id)
        #expect(stillDown.status == .unpaid && !stillDown.isPayable, "no rate still: still waiting")

        fixture.server.loopback.clearFaults()
        let checked = try await fixture.laterClient().order(id: created.id)
        #expect(checked.status == .rejected && !checked.isPayable, "\(checked)")
    }

    @Test("No exchange rate: a right payTo is kept unpayable until the next ask checks it against the rate")
    func noRateThenShown() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        fixture.server.loopback.inject(
            .respond(status: 503, body: "down"), path: fixture.server.path(.piggyCards, "exchange-rate"))
        let created = try await Self.bought(fixture)
        #expect(!created.isPayable)
        fixture.server.loopback.clearFaults()
        let checked = try await fixture.laterClient().order(id: created.id)
        #expect(checked.status == .unpaid && checked.isPayable, "\(checked)")
    }

    @Test(
        "The tolerance from both sides at PiggyCards' rate: 1.5 % off is shown, 3 % off is rejected with no payment",
        arguments: [("1.015", true), ("0.985", true), ("1.03", false), ("0.97", false)])
    func tolerance(factor: String, shown: Bool) async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let scale = try #require(Decimal(string: factor))
        let rate = fixture.server.piggyCardsRate
        fixture.server.orderBook.setCreateAnswerEdit { entry, answer in
            var object = answer.object ?? [:]
            let dash = (entry.price / rate * scale).plainText(fractionDigits: 8)
            object["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=\(dash)")
            object["payMessage"] = nil
            return .object(object)
        }
        if shown {
            #expect(try await Self.bought(fixture).isPayable, "\(factor)")
        } else {
            let failure = try #require(await ClientFixture.failure { try await Self.bought(fixture) })
            #expect(failure.kind == .refused, "\(factor)")
            let kept = try #require(try fixture.client.orders().first)
            #expect(kept.status == .rejected && kept.paymentURI == nil, "\(factor)")
        }
    }

    @Test("A payMessage naming another address or amount is not kept beside the checked payment as if it agreed")
    func contradictingPayMessage() async throws {
        for message in [
            "Send exactly 5 DASH within 15 minutes", "Send the amount to \(OrderFactsTests.otherAddress) within 15 minutes",
        ] {
            let fixture = try BuyingFixture(signedInTo: [.piggyCards])
            Self.asking(fixture, dash: nil, payMessage: message)
            let order = try await Self.bought(fixture)
            #expect(order.isPayable)
            #expect(order.message != message, "\(message)")
            #expect(order.message?.contains("left out") == true, "the conflict is said: \(order.message ?? "")")
        }
        // A note that agrees is kept.
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let order = try await Self.bought(fixture)
        #expect(order.message?.hasPrefix("Send exactly") == true, "\(order.message ?? "")")
    }

    @Test(
        "After PiggyCards' `order not found` (HTTP 404, or 200 with code 404) the order is not payable until PiggyCards says it is",
        arguments: ["http", "body"])
    func notKnownNotPayable(_ form: String) async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let created = try await Self.bought(fixture)
        #expect(created.isPayable)
        if form == "http" {
            fixture.server.loopback.inject(
                .respond(status: 404, body: #"{"error":"Order not found"}"#),
                path: fixture.server.path(.piggyCards, "orders/\(created.providerOrderId ?? "")"), times: 1)
        } else {
            fixture.server.orderBook.setStatusAnswerEdit { _, call, answer in
                call == 0 ? .object(["code": .number(404), "message": .string("Order not found"), "data": .null]) : answer
            }
        }
        let failure = try #require(await ClientFixture.failure { try await fixture.client.order(id: created.id) })
        #expect(failure.message.contains("does not know"), "\(failure.message)")
        let kept = try fixture.laterClient().storedOrder(id: created.id)
        #expect(!kept.isPayable, "\(kept)")
        let again = try await fixture.client.order(id: created.id)
        #expect(again.status == .unpaid && again.isPayable, "PiggyCards says it is again: \(again)")
    }

    @Test("Processing with a claim code, then Complete with only a barcode link: the number stays, the barcode is added")
    func claimCodeNeverCleared() async throws {
        let fixture = try BuyingFixture(signedInTo: [.piggyCards])
        let created = try await Self.bought(fixture)
        fixture.server.orderBook.setStatusAnswerEdit { entry, call, answer in
            var object = answer.object ?? [:]
            var data = object["data"]?.object ?? [:]
            let card: JSONValue =
                call == 0
                ? .object(["name": .string("Nike"), "claimCode": .string(MockOrderBook.cardNumber)])
                : .object(["name": .string("Nike"), "barcodelink": .string("https://piggy.example/barcode/\(entry.id).png")])
            data["status"] = .string(call == 0 ? "Processing" : "Complete")
            data["cards"] = .array([card])
            object["data"] = .object(data)
            return .object(object)
        }
        let processing = try await fixture.client.order(id: created.id)
        #expect(processing.status == .paid && processing.cards.first?.number == MockOrderBook.cardNumber)
        let complete = try await fixture.client.order(id: created.id)
        #expect(complete.status == .fulfilled)
        #expect(complete.cards.count == 1)
        #expect(complete.cards.first?.number == MockOrderBook.cardNumber, "never cleared")
        #expect(complete.cards.first?.barcodeLink?.hasSuffix(".png") == true, "added")
        #expect(try fixture.laterClient().storedOrder(id: created.id).cards == complete.cards)
    }
}
#endif
