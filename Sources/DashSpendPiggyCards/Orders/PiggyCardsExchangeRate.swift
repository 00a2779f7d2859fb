#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import DashSpendCore

/// PiggyCards' Dash price (GET `exchange-rate?currency=USD`):
/// `{"currency":"USD","exchange_rate":<double>,"date_modified":"..."}`.
package struct PiggyCardsExchangeRate: Sendable, Hashable {
    /// The fiat currency.
    package let currency: String
    /// How much of `currency` one Dash buys.
    package let rate: Decimal
    /// When PiggyCards last updated the rate, as sent.
    package let dateModified: String?

    /// Reads a rate; throws ``DashSpendError/unreadableAnswer(_:)`` without a positive `exchange_rate`.
    init(json: JSONValue, requestedCurrency: String) throws {
        guard let rate = json["exchange_rate"]?.decimal, rate > 0 else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an exchange rate without a positive exchange_rate")
        }
        self.rate = rate
        currency = json["currency"]?.nonBlankString ?? requestedCurrency
        dateModified = json["date_modified"]?.nonBlankString
    }
}
#endif
