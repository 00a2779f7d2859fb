import DashSpendCore
import DashSpendSetup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks an amount against an offer's live denominations before anything is ordered: a fixed card → one of
/// its values; a range → inside it, with at most two decimals. A refusal lists what is allowed.
enum AmountCheck {
    static func check(_ amount: Decimal, against denominations: Denominations, provider: GiftCardProvider, merchant: String)
        throws(DashSpendFailure)
    {
        let text = amount.plainText(fractionDigits: 2)
        guard amount > 0, Decimal(plainText: text) == amount else {
            let listed = allowed(denominations).map { "; allowed: \($0)" } ?? ""
            throw refusal(
                "\(amount) is not an amount in cents (at most two decimals)\(listed)", provider: provider,
                merchant: merchant)
        }
        switch denominations.type {
        case .fixed:
            let values = denominations.values
            guard !values.isEmpty else {
                throw refusal(
                    "\(provider.displayName) lists no card values for \(merchant) now", provider: provider, merchant: merchant)
            }
            guard values.contains(amount) else {
                let allowed = values.map { $0.plainText(fractionDigits: 2) }.joined(separator: ", ")
                throw refusal(
                    "\(text) is not a card value of \(merchant) at \(provider.displayName); allowed: \(allowed)",
                    provider: provider, merchant: merchant)
            }
        case .flexible:
            guard let minimum = denominations.minimum, let maximum = denominations.maximum else {
                throw refusal(
                    "\(provider.displayName) gives no amount range for \(merchant) now", provider: provider, merchant: merchant)
            }
            guard amount >= minimum && amount <= maximum else {
                throw refusal(
                    "\(text) is outside \(merchant)'s range at \(provider.displayName); allowed: "
                        + "\(minimum.plainText(fractionDigits: 2)) to \(maximum.plainText(fractionDigits: 2))",
                    provider: provider, merchant: merchant)
            }
        }
    }

    /// Checks an order's `total` value (of `cards` cards) against the provider's cap on one order
    /// (``ProviderInfo/maximumOrderTotal``: PiggyCards' 2,500 USD is on the whole order, however many cards).
    static func checkTotal(_ total: Decimal, cards: Int, provider: GiftCardProvider, merchant: String)
        throws(DashSpendFailure)
    {
        guard let cap = provider.info.maximumOrderTotal, total > cap else { return }
        let what =
            cards == 1
            ? "\(total.plainText(fractionDigits: 2)) USD is"
            : "the order's total of \(total.plainText(fractionDigits: 2)) USD for \(cards) cards is"
        throw refusal(
            "\(what) above the order limit of \(cap) USD at \(provider.displayName)", provider: provider, merchant: merchant)
    }

    /// What `denominations` allows, as a refusal lists it; nil when it says nothing.
    private static func allowed(_ denominations: Denominations) -> String? {
        switch denominations.type {
        case .fixed:
            let values = denominations.values.map { $0.plainText(fractionDigits: 2) }
            return values.isEmpty ? nil : values.joined(separator: ", ")
        case .flexible:
            guard let minimum = denominations.minimum, let maximum = denominations.maximum else { return nil }
            return "\(minimum.plainText(fractionDigits: 2)) to \(maximum.plainText(fractionDigits: 2))"
        }
    }

    private static func refusal(_ message: String, provider: GiftCardProvider, merchant: String) -> DashSpendFailure {
        DashSpendFailure(.refused, "invalid amount: " + message, cause: .amountNotAllowed, provider: provider, subject: merchant)
    }
}
