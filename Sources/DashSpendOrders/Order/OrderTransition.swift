package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// What a provider's later answer may change in a kept order, and what it may not.
///
/// An order's facts are fixed by the first answer that carries them (the create answer, or for an order
/// whose create answer was lost, the first answer found for it): the provider's order id, the payment URI
/// and its Dash amount, the card's amount and currency. A later answer may only move the status forward
/// (`unpaid` → `paid` → `fulfilled`, or any of them → `rejected`; a `rejected` order may still be paid or
/// fulfilled later), add delivered cards and fields of them (never take one away: a field once kept is
/// never cleared or overwritten, a card with a different value is kept beside the first; each card of an
/// order of several lines is kept under its line, `CardLines`), and update the
/// provider's note and delivery time. An answer about another order or another card amount, or a step
/// backwards, is refused whole: nothing of it is kept. A payment that differs from the fixed one never
/// blocks a status or a card: the first payment is kept and the difference said.
///
/// A status word the provider's table does not know makes the order `unknown` (never payable) with the
/// word kept, and the status it had before is remembered (``Order/lastKnownStatus``), so a later answer is
/// still held to it.
package enum OrderTransition {
    /// What became of an answer.
    package enum Outcome: Sendable, Hashable {
        /// The answer is taken: the order as it is now.
        case accepted(Order)
        /// The answer is refused; why, in one line (never a card's secret).
        case refused(String)
    }

    /// `kept` after `answer`, received at `now`, on `network` (the network payments are read for).
    package static func apply(
        _ answer: ProviderOrder, to kept: Order, network: DashSpendNetwork, at now: Date
    ) -> Outcome {
        let who = GiftCardProvider.displayName(ofId: kept.providerId)
        let about = "\(who)'s answer for order \(kept.id)"
        guard answer.provider.id == kept.providerId else {
            return .refused("\(about) came from \(answer.provider.displayName)")
        }
        let fixesFacts = kept.providerOrderId == nil
        if let id = kept.providerOrderId, answer.id != id {
            return .refused("\(about) is about \(who) order \(answer.id), not \(id)")
        }
        if let problem = cardProblem(answer, kept: kept) { return .refused("\(about) \(problem)") }
        if let problem = statusProblem(answer, kept: kept) { return .refused("\(about) \(problem)") }
        var differences: [String] = []
        if !fixesFacts, let problem = paymentProblem(answer, kept: kept, network: network) {
            differences.append("\(about) \(problem); the order's first payment is kept")
        }

        var order = kept
        if fixesFacts {
            order.providerOrderId = answer.id
            if answer.payment != nil {
                order.paymentURI = answer.payment?.uri
                order.dashAmount = answer.payment?.amount
                order.paymentRequest = answer.payment?.paymentRequest
            }
        }
        let known = answer.status != .unknown
        if known {
            order.status = answer.status
            order.lastKnownStatus = nil
        } else if kept.status != .unknown || kept.lastKnownStatus != nil || kept.providerStatus != nil {
            // An unknown word: not payable, the status before it remembered.
            order.lastKnownStatus = kept.lastKnownStatus ?? kept.status
            order.status = .unknown
        } else {
            order.status = .unknown
        }
        order.providerStatus = answer.providerStatus
        // Each card under its line (an order of several lines), then joined to the kept ones: only ever added.
        let sent = CardLines.assigned(answer.cards, to: kept.lines)
        let (cards, cardDifferences) = CardMerge.merged(kept.cards, with: sent)
        order.cards = cards
        differences += cardDifferences.map { "\(about): \($0)" }
        let message = ([answer.message].compactMap { $0 } + differences).joined(separator: "; ")
        order.message = message.isEmpty ? nil : message
        if let deliveryTime = answer.deliveryTime { order.deliveryTime = deliveryTime }
        order.updatedAt = now
        order.notes = differences
        return .accepted(order)
    }

    /// Why the answer's card differs from the kept one's, or nil.
    private static func cardProblem(_ answer: ProviderOrder, kept: Order) -> String? {
        if let amount = answer.fiatAmount, amount != kept.amount {
            return "is for a card of \(amount.plainText(fractionDigits: 2)) \(answer.fiatCurrency ?? kept.currency), "
                + "not the \(kept.amount.plainText(fractionDigits: 2)) \(kept.currency) ordered"
        }
        if let currency = answer.fiatCurrency, currency.trimmedWhitespace.uppercased() != kept.currency.uppercased() {
            return "is for a card in \(currency), not \(kept.currency)"
        }
        return nil
    }

    /// Why the answer's payment differs in meaning (address, amount, `r=`) from the one fixed at creation, or
    /// nil. An answer without a payment URI says nothing about it; one only written another way (another
    /// order of its parameters, another number of decimals) is the same payment.
    private static func paymentProblem(_ answer: ProviderOrder, kept: Order, network: DashSpendNetwork) -> String? {
        guard let sent = answer.paymentURI?.trimmedWhitespace, !sent.isEmpty else { return nil }
        guard let fixed = kept.paymentURI else {
            return "asks for a payment, and the order was created without one"
        }
        // The same URI as sent: nothing changed (a payment request's `r=` URI is compared as text: it is
        // not fetched again on a status call).
        if sent == fixed.trimmedWhitespace { return nil }
        let payment = PaymentMeaning(sent, network: network)
        let original = PaymentMeaning(fixed, network: network)
        if payment.address != original.address {
            return "asks to pay another address (\(payment.address ?? "none")) than the order's (\(original.address ?? "none"))"
        }
        if payment.amount != original.amount {
            let text = { (amount: Decimal?) in amount.map { "\($0) DASH" } ?? "no amount" }
            return "asks for \(text(payment.amount)), not the \(text(original.amount)) the order was created with"
        }
        if payment.request != original.request {
            return "asks to be paid through another payment request than the order's"
        }
        return nil
    }

    /// Why the answer's status would move the order backwards, or out of a final status, or nil.
    private static func statusProblem(_ answer: ProviderOrder, kept: Order) -> String? {
        let base = kept.status == .unknown ? (kept.lastKnownStatus ?? .unknown) : kept.status
        let new = answer.status
        let word = answer.providerStatus.map { " (\"\($0)\")" } ?? ""
        if base == .fulfilled {
            return new == base ? nil : "says \(new.rawValue)\(word) for an order that is \(base.rawValue)"
        }
        if base == .rejected {
            // A rejected order may still have been paid, and be fulfilled: never back to waiting for a payment.
            return [.rejected, .paid, .fulfilled].contains(new)
                ? nil : "says \(new.rawValue)\(word) for an order that is \(base.rawValue)"
        }
        if new == .unknown || new == .rejected || new.progress >= base.progress { return nil }
        return "says \(new.rawValue)\(word) for an order that is already \(base.rawValue): a status never moves back"
    }
}
