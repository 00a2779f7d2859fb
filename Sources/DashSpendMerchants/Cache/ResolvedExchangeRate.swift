public import DashSpendCore
public import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A provider's Dash exchange rate as ``DashSpendClient/exchangeRate(from:currency:policy:)`` resolved it.
public struct ResolvedExchangeRate: Sendable {
    /// The rate.
    public let rate: ExchangeRate
    /// `ValueSource.live` when the provider was asked just now, `ValueSource.cached` when it is the one
    /// stored in the state database.
    public let source: ValueSource
    /// When the rate was fetched from the provider.
    public let fetchedAt: Date
    /// Why the provider's live answer is not the one used, when it was asked and failed (network first,
    /// cache first with a stale rate) or could not be asked (not signed in); nil otherwise.
    public let liveError: DashSpendFailure?
}
