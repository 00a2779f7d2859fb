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
/// (`unpaid` → `paid` → `fulfilled`, or any of them → `rejected`), add delivered cards (never take one
/// away), and update the provider's note and delivery time. An answer about another order, with another
/// payment or card, or a step backwards is refused whole: nothing of it is kept.
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
        if !fixesFacts, let problem = paymentProblem(answer, kept: kept, network: network) {
            return .refused("\(about) \(problem)")
        }
        if let problem = statusProblem(answer, kept: kept) { return .refused("\(about) \(problem)") }

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
        if !answer.cards.isEmpty { order.cards = answer.cards }
        order.message = answer.message
        if let deliveryTime = answer.deliveryTime { order.deliveryTime = deliveryTime }
        order.updatedAt = now
        order.notes = []
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

    /// Why the answer's payment differs from the one fixed at creation, or nil. An answer without a payment
    /// URI says nothing about it.
    private static func paymentProblem(_ answer: ProviderOrder, kept: Order, network: DashSpendNetwork) -> String? {
        guard let sent = answer.paymentURI?.trimmedWhitespace, !sent.isEmpty else { return nil }
        guard let fixed = kept.paymentURI else {
            return "asks for a payment, and the order was created without one"
        }
        // The same URI as sent: nothing changed (a payment request's `r=` URI is compared as text: it is
        // not fetched again on a status call).
        if sent == fixed.trimmedWhitespace { return nil }
        guard let payment = DashPaymentURI(parsing: sent, network: network) else {
            return "asks for a payment that is not a payable dash: URI, not the one the order was created with"
        }
        guard let original = DashPaymentURI(parsing: fixed, network: network) else {
            return sent == fixed ? nil : "asks for another payment than the one the order was created with"
        }
        if payment.address != original.address {
            return "asks to pay another address (\(payment.address)) than the order's (\(original.address))"
        }
        if payment.amount != original.amount {
            return "asks for \(payment.amount) DASH, not the \(original.amount) DASH the order was created with"
        }
        return nil
    }

    /// Why the answer's status would move the order backwards, or out of a final status, or nil.
    private static func statusProblem(_ answer: ProviderOrder, kept: Order) -> String? {
        let base = kept.status == .unknown ? (kept.lastKnownStatus ?? .unknown) : kept.status
        let new = answer.status
        let word = answer.providerStatus.map { " (\"\($0)\")" } ?? ""
        if base.isFinal {
            return new == base ? nil : "says \(new.rawValue)\(word) for an order that is \(base.rawValue)"
        }
        if new == .unknown || new == .rejected || new.progress >= base.progress { return nil }
        return "says \(new.rawValue)\(word) for an order that is already \(base.rawValue): a status never moves back"
    }
}
