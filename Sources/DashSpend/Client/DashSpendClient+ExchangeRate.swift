import DashSpendCore
import DashSpendLocking

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
        let code = currency.trimmedWhitespace.uppercased()
        guard let defaultMaxAge = provider.info.exchangeRateMaxAge else {
            throw DashSpendFailure(
                .invalidRequest, "\(provider.info.displayName) publishes no exchange rate", provider: provider,
                subject: code)
        }
        try checkUsable(policy, for: "a live-only exchange rate", subject: code)
        let store = rateStore()
        let stored = storedRate(store, provider: provider, currency: code)
        func cached(_ error: DashSpendFailure?) throws(DashSpendFailure) -> ResolvedExchangeRate {
            guard let stored else {
                throw error
                    ?? DashSpendFailure(
                        .notFound, "no stored \(code) exchange rate of \(provider.info.displayName)",
                        provider: provider, subject: code)
            }
            return ResolvedExchangeRate(
                rate: stored.rate, source: .cached, fetchedAt: stored.fetchedAt, liveError: error)
        }
        let outcome = await LiveOrStored.fetch(
            policy, defaultMaxAge: defaultMaxAge, storedAt: stored?.fetchedAt, now: configuration.now(),
            writeThrough: { [diagnostics = configuration.diagnostics] (rate: ExchangeRateStore.Stored) in
                do {
                    try store?.save(rate.rate, fetchedAt: rate.fetchedAt)
                } catch {
                    diagnostics.record(
                        DiagnosticEvent(
                            .cacheFailure, "could not store the \(code) exchange rate: \(error)", provider: provider))
                }
            },
            readBack: { live in
                storedRate(store, provider: provider, currency: code).flatMap { $0.rate == live.rate ? $0 : nil }
            }
        ) { (arrived) async throws(DashSpendFailure) in
            try await liveRate(from: provider, currency: code, arrived: arrived)
        }
        switch outcome {
        case .offline, .fresh: return try cached(nil)
        case .answered(let live):
            return ResolvedExchangeRate(rate: live.rate, source: .live, fetchedAt: live.fetchedAt, liveError: nil)
        case .failed(let failure):
            if policy == .networkOnly { throw failure }
            return try cached(failure)
        }
    }

    /// Asks `provider` (signed in) for its rate, stamped with the clock's time; `arrived` runs once per rate
    /// that arrives (however many callers share the request), where it is written through.
    private func liveRate(
        from provider: GiftCardProvider, currency: String,
        arrived: @escaping @Sendable (ExchangeRateStore.Stored) -> Void
    ) async throws(DashSpendFailure) -> ExchangeRateStore.Stored {
        let repositories = rateRepositories.withLock { cached in
            if let cached { return cached }
            let made = configuration.offline ? [:] : repositoryFactory.makeRepositories()
            cached = made
            return made
        }
        guard let repository = repositories[provider], await repository.isSignedIn() else {
            throw DashSpendFailure(DashSpendError.signInRequired(provider), provider: provider)
        }
        let now = configuration.now
        let live: ExchangeRate
        do {
            live = try await loader.exchangeRate(from: repository, currency: currency) { rate in
                arrived(ExchangeRateStore.Stored(rate: rate, fetchedAt: now()))
            }
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return ExchangeRateStore.Stored(rate: live, fetchedAt: now())
    }

    /// The exchange-rate store in the network's state database; nil (and said to the diagnostics) when it
    /// cannot be opened: rates are then only asked, never kept.
    private func rateStore() -> ExchangeRateStore? {
        do {
            return ExchangeRateStore(database: try stateDatabase())
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.cacheFailure, "no stored exchange rates: \(error.message)"))
            return nil
        }
    }

    /// The stored rate, or nil when there is none or it cannot be read (said to the diagnostics).
    private func storedRate(
        _ store: ExchangeRateStore?, provider: GiftCardProvider, currency: String
    ) -> ExchangeRateStore.Stored? {
        guard let store else { return nil }
        do {
            return try store.load(provider, currency: currency)
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(
                    .cacheFailure, "could not read the stored \(currency) exchange rate: \(error)", provider: provider))
            return nil
        }
    }
}
