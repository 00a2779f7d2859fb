import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a create answer asks for what was ordered: a payment is shown only for an order that passes.
///
/// - The payment must be a payable `dash:` URI of the network.
/// - The card's amount and currency, when the answer says them, must be the ones asked for.
/// - The Dash asked may not be more than all the Dash there is (``maximumDash``).
/// - Where a rate is known (the answer's own, CTX `rate`; else the provider's published one, PiggyCards'
///   exchange rate), the Dash asked must be within ``tolerance`` of the price ÷ the rate (for an order of
///   several cards, the price of them all: one payment pays the whole order); and a fiat price
///   the answer states (CTX `paymentFiatAmount`) within ``tolerance`` of the quote's price.
enum PaymentCheck {
    /// How far the Dash asked may be from the price at the rate: 2 %, what a rate moving between the two
    /// reads may explain.
    package static let tolerance: Decimal = 0.02
    /// More Dash than will ever exist (the supply is capped near 18.9 million).
    static let maximumDash: Decimal = 18_920_000

    /// Why `answer` does not ask for what `quote` describes, in one line (never a secret), or nil when it
    /// does. `publishedRate` is the provider's fiat price of one DASH in the quote's currency, when known.
    package static func problem(
        with answer: ProviderOrder, for quote: PurchaseQuote, publishedRate: Decimal? = nil
    ) -> String? {
        guard let payment = answer.payment else {
            return "cannot be paid: " + (answer.message ?? "no usable dash: payment URI")
                + (answer.paymentURI.map { " (\($0))" } ?? "")
        }
        let card = "\(quote.amount.plainText(fractionDigits: 2)) \(quote.currency)"
        if let amount = answer.fiatAmount, amount != quote.amount {
            return "is for a card of \(amount.plainText(fractionDigits: 2)) \(answer.fiatCurrency ?? quote.currency), "
                + "not the \(card) asked for"
        }
        if let currency = answer.fiatCurrency, currency.trimmedWhitespace.uppercased() != quote.currency.uppercased() {
            return "is for a card in \(currency), not \(quote.currency)"
        }
        guard payment.amount <= maximumDash else {
            return "asks \(payment.amount) DASH, more than will ever exist"
        }
        let price = quote.price
        // What was asked for: one card, or every card of the order (its total is what the payment is held to).
        let cards = quote.cardCount == 1 ? "a \(card) card" : "\(quote.cardCount) cards worth \(card)"
        if let asked = answer.paymentFiatAmount, price > 0, !within(asked, of: price) {
            return "asks \(asked.plainText(fractionDigits: 2)) \(quote.currency) for \(cards) priced "
                + "\(price.plainText(fractionDigits: 2)) \(quote.currency)"
        }
        if let rate = answer.dashRate ?? publishedRate, rate > 0, price > 0 {
            let expected = price / rate
            if !within(payment.amount, of: expected) {
                let source = answer.dashRate != nil ? "its own rate" : "its published rate"
                return "asks \(payment.amount) DASH for \(cards) priced \(price.plainText(fractionDigits: 2)) "
                    + "\(quote.currency): at \(source) of \(rate) \(quote.currency) per DASH that is "
                    + "\(expected.plainText(fractionDigits: 8)) DASH"
            }
        }
        return nil
    }

    /// Why `dash` DASH is not the price `price` at `rate` (the fiat price of one DASH), within ``tolerance``,
    /// in one line; nil when it is. `source` names the rate (`its published rate`).
    package static func problem(dash: Decimal, price: Decimal, rate: Decimal, currency: String, source: String) -> String? {
        guard rate > 0, price > 0 else { return "cannot be checked: the rate or the price is not above zero" }
        let expected = price / rate
        guard !within(dash, of: expected) else { return nil }
        return "asks \(dash) DASH for a card priced \(price.plainText(fractionDigits: 2)) \(currency): at \(source) of "
            + "\(rate) \(currency) per DASH that is \(expected.plainText(fractionDigits: 8)) DASH"
    }

    /// Whether `value` is within ``tolerance`` of `reference` (which is positive).
    private static func within(_ value: Decimal, of reference: Decimal) -> Bool {
        let difference = value > reference ? value - reference : reference - value
        return difference <= reference * tolerance
    }
}
