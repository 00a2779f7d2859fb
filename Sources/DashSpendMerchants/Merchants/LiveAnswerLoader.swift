package import DashSpendCore
import DashSpendSetup

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Fetches live answers from providers: identical requests in flight at the same time share one network
/// call (a ``SingleFlight`` keyed by provider and merchant), at most a set number of requests per provider
/// are in flight at once (a ``ConcurrencyLimiter`` per provider, taken inside the single flight, so the
/// callers that share a call share its place), and an answer younger than the time-to-live is reused
/// instead of asking again (an in-memory throttle only: the cache store, not this, is what callers fall
/// back to).
///
/// One per process (the ``DashSpendClient`` holds it): every service it builds shares its deduplication
/// and its bound.
package actor LiveAnswerLoader {
    private struct Key: Hashable {
        let provider: GiftCardProvider
        let sourceId: String
    }

    /// Seconds a live answer is reused from memory when nothing else is said: 0, never. The seed's 20 to
    /// 60 s throttle is the stored answer's max age under ``FetchPolicy/cacheFirst(maxAge:)`` (CTX 30 s,
    /// PiggyCards 60 s), kept in the state database, which every process shares; memory would only let one
    /// process serve an answer the policy says is too old. Identical requests in flight still share one call.
    package static let defaultTimeToLive: Double = MerchantService.defaultLiveTimeToLive

    private let timeToLive: Double
    private let now: @Sendable () -> Date
    private let loads = SingleFlight<Key, ProviderMerchantDetails>()
    /// Exchange rates in flight, by provider and currency (`USD`).
    private let rateLoads = SingleFlight<RateKey, ExchangeRate>()
    private struct RateKey: Hashable {
        let provider: GiftCardProvider
        let currency: String
    }
    /// One limiter per provider: requests to different providers do not wait for each other.
    private let limiters: [GiftCardProvider: ConcurrencyLimiter]
    /// Answers with the time this loader stored them (its own clock, whatever the repository's says).
    private var recent: [Key: (answer: ProviderMerchantDetails, storedAt: Date)] = [:]
    /// How many answers ``recent`` may hold before the expired ones are forgotten (doubling, so that a long
    /// run over many merchants forgets in amortised constant time per answer, not by scanning every call).
    private var forgetThreshold = 64

    /// Creates a loader that reuses answers for `timeToLive` seconds by the clock `now` and sends at most
    /// `maxConcurrentRequestsPerProvider` requests (at least 1) to each provider at the same time.
    package init(
        timeToLive: Double, now: @escaping @Sendable () -> Date,
        maxConcurrentRequestsPerProvider: Int = DashSpendConfiguration.defaultMaxConcurrentRequestsPerProvider
    ) {
        self.timeToLive = timeToLive
        self.now = now
        let limit = max(1, maxConcurrentRequestsPerProvider)
        limiters = Dictionary(uniqueKeysWithValues: GiftCardProvider.allCases.map { ($0, ConcurrencyLimiter(limit: limit)) })
    }

    /// The answer of `repository` about `sourceId`: one reused, one already being fetched, or a new one.
    ///
    /// `arrived` runs once per answer fetched from the network, before any caller gets it (not once per
    /// caller that shares it, nor for a reused one): where the answer is written through.
    func details(
        from repository: any DashSpendRepository, sourceId: String,
        arrived: @escaping @Sendable (ProviderMerchantDetails) -> Void = { _ in }
    ) async throws -> ProviderMerchantDetails {
        let key = Key(provider: repository.provider, sourceId: sourceId)
        if let entry = recent[key], now().timeIntervalSince(entry.storedAt) < timeToLive { return entry.answer }
        let limiter = limiters[repository.provider]!  // one for every compiled-in provider
        return try await loads.run(key) {
            let answer = try await limiter.run { try await repository.merchantDetails(sourceId: sourceId) }
            arrived(answer)
            await self.remember(answer, for: key)
            return answer
        }
    }

    /// How many callers share the request in flight for `provider`'s `sourceId`; 0 when none runs.
    package func callersInFlight(_ provider: GiftCardProvider, sourceId: String) async -> Int {
        await loads.callers(of: Key(provider: provider, sourceId: sourceId))
    }

    /// How many callers share the exchange-rate request in flight for `provider`'s `currency`; 0 when none runs.
    package func rateCallersInFlight(_ provider: GiftCardProvider, currency: String) async -> Int {
        await rateLoads.callers(of: RateKey(provider: provider, currency: currency))
    }

    /// The exchange rate `rates` (the registration of `provider`) publishes for `currency`, asked live:
    /// callers at the same time share one request, under the same per-provider bound as merchant answers.
    /// Never kept in memory (the state database and the policy decide when to ask). An implausible rate
    /// (``ExchangeRate/isPlausible``) fails as ``DashSpendError/unreadableAnswer(_:)``, so `arrived` (the
    /// write) runs only for a plausible one, once per answer.
    func exchangeRate(
        from rates: any ExchangeRateProviding, of provider: GiftCardProvider, currency: String,
        arrived: @escaping @Sendable (ExchangeRate) -> Void = { _ in }
    ) async throws -> ExchangeRate {
        let limiter = limiters[provider]!  // one for every compiled-in provider
        return try await rateLoads.run(RateKey(provider: provider, currency: currency)) {
            let answer = try await limiter.run { try await rates.exchangeRate(in: currency) }
            guard answer.isPlausible else {
                throw DashSpendError.unreadableAnswer(
                    "\(provider.displayName) sent an implausible exchange rate (\(answer.rate))")
            }
            arrived(answer)
            return answer
        }
    }

    /// Keeps `answer` for the time-to-live, stamped with this loader's clock.
    private func remember(_ answer: ProviderMerchantDetails, for key: Key) {
        let now = self.now()
        recent[key] = (answer, now)
        if recent.count >= forgetThreshold {
            recent = recent.filter { now.timeIntervalSince($0.value.storedAt) < timeToLive }
            forgetThreshold = max(64, recent.count * 2)
        }
    }
}
