import DashSpendCore
public import DashSpendMerchants
public import DashSpendSetup

extension DashSpendClient {
    /// The exchange rate of `provider` for `currency` under `policy`, with the same semantics as merchants:
    ///
    /// - ``FetchPolicy/cacheFirst(maxAge:)`` (the default; nil max age is the provider's
    ///   `ProviderInfo.exchangeRateMaxAge`, PiggyCards 60 s) uses a stored rate younger than the max age
    ///   without asking; otherwise it asks, and falls back to the stored rate on failure.
    /// - ``FetchPolicy/networkFirst`` asks; a failure falls back to the stored rate, reported in
    ///   ``ResolvedExchangeRate/liveError``.
    /// - ``FetchPolicy/networkOnly`` asks; a failure is thrown.
    /// - ``FetchPolicy/cacheOnly`` never asks: the stored rate, or ``DashSpendFailure/Kind/notFound``.
    ///
    /// A live rate is written to the state database in one transaction when it arrives (once, however many
    /// callers share the request) and read back from there. A failed, malformed or implausible answer never
    /// replaces the stored rate. Without a stored rate, a failure (not signed in included) is thrown.
    /// A provider without an exchange-rate endpoint (CTX) fails as ``DashSpendFailure/Kind/invalidRequest``.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func exchangeRate(
        from provider: GiftCardProvider, currency: String = "USD", policy: FetchPolicy = .cacheFirst()
    ) async throws -> ResolvedExchangeRate {
        try await rates.rate(from: provider, currency: currency, policy: policy)
    }
}
