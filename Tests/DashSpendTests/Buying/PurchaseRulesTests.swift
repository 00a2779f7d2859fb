import DashSpend
import DashSpendCore
import Foundation
import Testing

/// The small rules of buying, value by value: the amount text, which kept order a paying transaction
/// belongs to, which outstanding order stops a second buy, and how an unknown status word is remembered.
@Suite("Buying rules")
struct PurchaseRulesTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("An amount is plain digits with at most one dot, above zero", arguments: ["25", "12.50", " 7 ", "0.01", "1000"])
    func amountsRead(text: String) throws {
        #expect(try PurchaseAmount(parsing: text).value == Decimal(string: text.trimmingCharacters(in: .whitespaces)))
    }

    @Test(
        "Anything else is refused with the form wanted, before anything is asked",
        arguments: ["", "0", "0.00", "-5", "+5", "1e3", "1,000", "12.", ".5", "12.5.0", "NaN", "٢٥", "25 USD", "9999999999"])
    func amountsRefused(text: String) {
        #expect(throws: DashSpendFailure.self) { try PurchaseAmount(parsing: text) }
        do {
            _ = try PurchaseAmount(parsing: text)
        } catch {
            let failure = DashSpendFailure(error)
            #expect(failure.kind == .invalidRequest)
            #expect(failure.message.contains("like 25 or 12.50"))
        }
    }

    static func order(
        _ id: String, merchant: String = "Home Depot", amount: Decimal = 25, status: OrderStatus = .unknown,
        providerOrderId: String? = nil, minutesAgo: Double = 5
    ) -> Order {
        Order(
            id: id, provider: .ctx, providerOrderId: providerOrderId, merchantId: "m-\(merchant)", merchantName: merchant,
            sourceId: "s", amount: amount, status: status, createdAt: now.addingTimeInterval(-minutesAgo * 60),
            updatedAt: now)
    }

    static func answer(id: String = "ctx-9", merchant: String? = "Home Depot", amount: Decimal? = 25) -> ProviderOrder {
        ProviderOrder(provider: .ctx, id: id, status: .paid, providerStatus: "paid", fiatAmount: amount, merchantName: merchant)
    }

    @Test("A transaction's order: by the provider's id first, then the one lost order of that merchant and amount")
    func transactionMatch() {
        let known = Self.order("known", status: .paid, providerOrderId: "ctx-9")
        let lost = Self.order("lost")
        let other = Self.order("other", merchant: "Nike")
        #expect(TransactionMatch.match(Self.answer(), transactionId: "tx", among: [lost, known]) == .kept(known))
        #expect(TransactionMatch.match(Self.answer(id: "ctx-10"), transactionId: "tx", among: [other, lost]) == .kept(lost))
        #expect(
            TransactionMatch.match(Self.answer(id: "ctx-10", merchant: " home depot "), transactionId: "tx", among: [lost])
                == .kept(lost))
        #expect(TransactionMatch.match(Self.answer(id: "ctx-10", merchant: "Nike"), transactionId: "tx", among: [lost]) == .none)
        #expect(TransactionMatch.match(Self.answer(id: "ctx-10", amount: 30), transactionId: "tx", among: [lost]) == .none)
        #expect(
            TransactionMatch.match(Self.answer(id: "ctx-10", merchant: nil), transactionId: "tx", among: [lost]) == .none,
            "no merchant: no guess")
        #expect(
            TransactionMatch.match(Self.answer(id: "ctx-10", amount: nil), transactionId: "tx", among: [lost]) == .none,
            "no amount: no guess")
        let older = Self.order("older", minutesAgo: 60)
        #expect(
            TransactionMatch.match(Self.answer(id: "ctx-10"), transactionId: "tx", among: [older, lost])
                == .ambiguous([lost, older]))
        // The wallet recorded the transaction for one of them: that one, whatever the others.
        var recorded = older
        recorded.transactionId = String(repeating: "ab", count: 32)
        let byRecord = TransactionMatch.match(
            Self.answer(id: "ctx-10"), transactionId: String(repeating: "AB", count: 32), among: [recorded, lost])
        #expect(byRecord == .kept(recorded))
        // The provider's own id still comes first.
        #expect(
            TransactionMatch.match(Self.answer(), transactionId: String(repeating: "ab", count: 32), among: [recorded, known])
                == .kept(known))
    }

    @Test("A second buy is stopped by an unknown or unpaid order of the same card younger than a day")
    func recentOrders() throws {
        let quote = PurchaseQuote(
            merchantId: "m-Home Depot", merchantName: "Home Depot", provider: .ctx, sourceId: "s", amount: 25,
            discountBasisPoints: 0, denominations: .flexible(minimum: 5, maximum: 500))
        let blocking = [Self.order("lost"), Self.order("unpaid", status: .unpaid, providerOrderId: "ctx-1")]
        let passing = [
            Self.order("paid", status: .paid, providerOrderId: "ctx-2"),
            Self.order("old", minutesAgo: 24 * 60 + 1),
            Self.order("other amount", amount: 30),
            Self.order("other merchant", merchant: "Nike"),
            Self.order("word", status: .unknown, providerOrderId: "ctx-3"),
            Self.order("rejected", status: .rejected, providerOrderId: "ctx-4"),
        ]
        #expect(Set(RecentOrderGuard.blocking(quote, among: blocking + passing, now: Self.now).map(\.id)) == ["lost", "unpaid"])
    }

    @Test("An unknown word is not payable and remembers the status before it: a later answer is held to that")
    func unknownWordRemembered() throws {
        var kept = Self.order("o", status: .paid, providerOrderId: "ctx-9")
        kept.paymentURI = "dash:XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw?amount=0.8"
        var word = Self.answer()
        word.fiatAmount = nil
        word.status = .unknown
        word.providerStatus = "on hold"
        guard case .accepted(let held) = OrderTransition.apply(word, to: kept, network: .mainnet, at: Self.now) else {
            Issue.record("an unknown word is taken")
            return
        }
        #expect(held.status == .unknown && held.providerStatus == "on hold" && held.lastKnownStatus == .paid)
        #expect(!held.isPayable)
        var unpaid = word
        unpaid.status = .unpaid
        unpaid.providerStatus = "unpaid"
        guard case .refused(let reason) = OrderTransition.apply(unpaid, to: held, network: .mainnet, at: Self.now) else {
            Issue.record("paid, then an unknown word, then unpaid: a step back")
            return
        }
        #expect(reason.contains("already paid"), "\(reason)")
        var fulfilled = word
        fulfilled.status = .fulfilled
        fulfilled.providerStatus = "fulfilled"
        fulfilled.cards = [DeliveredCard(number: "1234")]
        guard case .accepted(let done) = OrderTransition.apply(fulfilled, to: held, network: .mainnet, at: Self.now) else {
            Issue.record("forward from the remembered status")
            return
        }
        #expect(done.status == .fulfilled && done.lastKnownStatus == nil && done.cards.count == 1)
    }
}
