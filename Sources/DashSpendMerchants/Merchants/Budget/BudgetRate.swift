public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The Dash exchange rate a budget (``DashSpendClient/budget(_:search:policy:rate:currency:)``) is turned
/// into money with: one the caller gave, or a provider's published rate, live or stored.
public struct BudgetRate: Sendable, Hashable {
    /// Where the rate came from.
    public enum Origin: Sendable, Hashable {
        /// The caller gave it.
        case given
        /// The provider's published rate (`DashSpendClient.exchangeRate(from:currency:policy:)`).
        case provider(GiftCardProvider)
    }

    /// How much of ``currency`` one DASH buys.
    public let fiatPerDash: Decimal
    /// The fiat currency (`USD`).
    public let currency: String
    /// Where it came from.
    public let origin: Origin
    /// `ValueSource.live` when the provider was asked just now, `ValueSource.cached` when it is the one stored;
    /// nil for a rate the caller gave.
    public let source: ValueSource?
    /// When the provider's rate was fetched; nil for a rate the caller gave.
    public let fetchedAt: Date?
    /// Why a stored rate is used although the provider was to be asked (it failed, or could not be asked),
    /// in one line; nil otherwise.
    public let liveProblem: String?

    /// Creates a rate.
    public init(
        fiatPerDash: Decimal, currency: String, origin: Origin, source: ValueSource? = nil, fetchedAt: Date? = nil,
        liveProblem: String? = nil
    ) {
        self.fiatPerDash = fiatPerDash
        self.currency = currency
        self.origin = origin
        self.source = source
        self.fetchedAt = fetchedAt
        self.liveProblem = liveProblem
    }
}
