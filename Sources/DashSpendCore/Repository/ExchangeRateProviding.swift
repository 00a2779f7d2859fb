#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What one Dash is worth in a fiat currency, as a provider said.
public struct ExchangeRate: Sendable, Hashable {
    /// The provider that sent it.
    public let provider: GiftCardProvider
    /// The fiat currency, uppercased (`USD`).
    public let currency: String
    /// How much of ``currency`` one Dash buys, exactly as the provider wrote it (never through a `Double`).
    public let rate: Decimal
    /// When the provider says it last changed the rate, as sent; nil when it did not say.
    public let dateModified: String?

    /// Creates a rate.
    public init(provider: GiftCardProvider, currency: String, rate: Decimal, dateModified: String? = nil) {
        self.provider = provider
        self.currency = currency
        self.rate = rate
        self.dateModified = dateModified
    }

    /// The largest rate believed: a Dash worth more than this in any currency is a broken answer.
    public static let implausiblyLarge: Decimal = 1_000_000

    /// Whether ``rate`` can be a real price: a number, positive and below ``implausiblyLarge``. An answer that
    /// is not is never stored.
    public var isPlausible: Bool {
        !rate.isNaN && rate > 0 && rate < Self.implausiblyLarge && !currency.isEmpty
    }
}

/// A repository whose provider publishes a Dash exchange rate (PiggyCards' GET `exchange-rate`). Optional:
/// ``DashSpendRepository`` stays the same for every provider, and a provider's registration names its rate
/// source, typed, when it has one (never found by a cast); a provider without one has no rate.
public protocol ExchangeRateProviding: Sendable {
    /// The provider's current rate for `currency` (ISO 4217, case-insensitive), asked live.
    func exchangeRate(in currency: String) async throws -> ExchangeRate
}
