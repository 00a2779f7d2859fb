package import DashSpendCore
package import DashSpendSetup
import DashSpendState

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Providers' Dash exchange rates under a ``FetchPolicy``: the capability behind
/// ``DashSpendClient/exchangeRate(from:currency:policy:)``, taken live or stored by the one rule offers follow
/// too (``LiveOrStored``), through the client's providers (made once) and its one loader of live answers.
package struct ExchangeRates: Sendable {
    /// The client's configuration (network, clock, diagnostics, offline or not).
    let configuration: DashSpendConfiguration
    /// The providers, whose registrations say where each asks its rate.
    let providers: RegisteredProviders
    /// The client's one loader of live answers (rate requests in flight are shared there).
    let loader: LiveAnswerLoader
    /// Where rates are stored.
    let stateFile: StateFile
    /// Checked before the network may be asked.
    let credentials: CredentialsFile

    /// The rates of `providers`, asked through `loader`, stored in `stateFile`, for a client made with
    /// `configuration`; `credentials` are checked before the network is asked.
    package init(
        configuration: DashSpendConfiguration, providers: RegisteredProviders, loader: LiveAnswerLoader,
        stateFile: StateFile, credentials: CredentialsFile
    ) {
        self.configuration = configuration
        self.providers = providers
        self.loader = loader
        self.stateFile = stateFile
        self.credentials = credentials
    }

    /// The rate of `provider` for `currency` under `policy`; see ``DashSpendClient/exchangeRate(from:currency:policy:)``.
    package func rate(from provider: GiftCardProvider, currency: String, policy: FetchPolicy) async throws(DashSpendFailure)
        -> ResolvedExchangeRate
    {
        let code = currency.trimmedWhitespace.uppercased()
        guard let defaultMaxAge = provider.info.exchangeRateMaxAge else {
            throw DashSpendFailure(
                .invalidRequest, "\(provider.info.displayName) publishes no exchange rate", provider: provider,
                subject: code)
        }
        try credentials.checkUsable(policy, for: "a live-only exchange rate", subject: code)
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
        guard let repository = providers.liveRepositories()[provider], await repository.isSignedIn() else {
            throw DashSpendFailure(DashSpendError.signInRequired(provider), provider: provider)
        }
        guard let rates = providers[provider].rates else {
            throw DashSpendFailure(
                DashSpendError.rejected("\(provider.displayName) publishes no exchange rate"), provider: provider)
        }
        let now = configuration.now
        let live: ExchangeRate
        do {
            live = try await loader.exchangeRate(from: rates, of: provider, currency: currency) { rate in
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
            return ExchangeRateStore(database: try stateFile.database())
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
