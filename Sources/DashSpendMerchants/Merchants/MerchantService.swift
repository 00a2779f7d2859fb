package import DashSpendCore
package import DashSpendExplore
package import DashSpendSetup
package import DashSpendState

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Resolves merchants: each offer's `enabled`, discount and denominations through the fallback chains
/// (provider live answer → last answer stored → explore database → default), every value saying which
/// source it came from, and ranks the offers.
///
/// Everything it uses is passed in: the database, one repository per provider, the cache and the clock.
package final class MerchantService: Sendable {
    /// The explore database.
    package let database: ExploreDatabase
    private let repositories: [GiftCardProvider: any DashSpendRepository]
    private let cache: (any OfferCache)?
    private let country: String?
    private let loader: LiveAnswerLoader
    private let diagnostics: any DiagnosticsSink
    private let now: @Sendable () -> Date

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - database: the explore database.
    ///   - repositories: the repository of each provider that may be asked for live answers.
    ///   - cache: where live answers are written through and read back as the `cached` source.
    ///   - country: the user's ISO country code; providers blocked there are hidden. Unknown (nil, or not
    ///     two letters): none hidden, as the apps do (``ResolvedMerchant/country`` is then nil).
    ///   - liveTimeToLive: seconds a live answer is reused in memory before the provider is asked again
    ///     (default 0: the state database, under the ``FetchPolicy``, decides when to ask).
    ///   - now: the clock (the age of stored answers, the time live answers are stamped with).
    ///   - diagnostics: where cache hits, misses and failed cache writes are reported.
    package convenience init(
        database: ExploreDatabase, repositories: [GiftCardProvider: any DashSpendRepository],
        cache: (any OfferCache)? = nil, country: String? = nil, liveTimeToLive: Double = defaultLiveTimeToLive,
        now: @escaping @Sendable () -> Date = { Date() }, diagnostics: any DiagnosticsSink = SilentDiagnostics()
    ) {
        self.init(
            database: database, repositories: repositories, cache: cache, country: country,
            loader: LiveAnswerLoader(timeToLive: liveTimeToLive, now: now), now: now, diagnostics: diagnostics)
    }

    /// The in-memory reuse of live answers that ``DashSpendClient`` runs with, in seconds: 0 (none; the
    /// state database under the ``FetchPolicy`` decides when to ask).
    package static let defaultLiveTimeToLive: Double = 0

    /// Creates a service that fetches live answers through `loader`, which it shares with every other
    /// service made with it (its deduplication and its bound on requests per provider).
    package init(
        database: ExploreDatabase, repositories: [GiftCardProvider: any DashSpendRepository],
        cache: (any OfferCache)?, country: String?, loader: LiveAnswerLoader, now: @escaping @Sendable () -> Date,
        diagnostics: any DiagnosticsSink
    ) {
        self.diagnostics = diagnostics
        self.database = database
        self.repositories = repositories
        self.cache = cache
        self.country = country.flatMap(Self.isoCountry)
        self.now = now
        self.loader = loader
    }

    /// How many callers of this service (and of every other sharing its loader) share the live request in
    /// flight for `provider`'s `sourceId`; 0 when none runs. For tests that must see callers join a request
    /// before they let its answer through.
    package func liveCallersInFlight(_ provider: GiftCardProvider, sourceId: String) async -> Int {
        await loader.callersInFlight(provider, sourceId: sourceId)
    }

    /// Resolves the merchant `merchantId` under `policy`.
    package func resolve(merchantId: String, policy: FetchPolicy = .networkFirst) async throws(MerchantServiceError)
        -> ResolvedMerchant
    {
        let lookup: MerchantLookupResult
        do {
            lookup = try database.merchant(id: merchantId)
        } catch {
            throw .database(error)
        }
        switch lookup {
        case .found(let merchant): return try await resolve(merchant, policy: policy)
        case .notFound: throw .notFound(merchantId)
        case .soldOnlyThroughUnavailableProviders(let names):
            throw .onlyThroughUnavailableProviders(merchantId: merchantId, providers: names)
        }
    }

    /// Resolves a merchant already read from the database (saves a second lookup when the caller has one).
    ///
    /// Under ``FetchPolicy/networkOnly`` a failure is thrown as `MerchantServiceError.provider(_:)`.
    package func resolve(_ found: ExploreMerchant, policy: FetchPolicy = .networkFirst) async throws(MerchantServiceError)
        -> ResolvedMerchant
    {
        let resolvedAt = now()
        let visible = found.providers.filter { offer in
            guard let country else { return true }
            return !offer.provider.info.blockedCountries.contains(country)
        }
        if let country, visible.isEmpty, !found.providers.isEmpty {
            throw .notOfferedInCountry(
                merchantId: found.merchant.merchantId, providers: found.providers.map(\.provider.displayName),
                country: country)
        }

        // The stored answers, read before the live calls replace them: a field a live answer lacks (or
        // sent implausibly) falls through to the stored one, field by field.
        let stored = visible.map(stored)

        // Which providers to ask (``LiveOrStored``): none offline; under cache-first not those whose stored
        // answer is fresh. The others are asked concurrently.
        var statuses: [OfferResolver.LiveStatus?] = visible.indices.map { index in
            LiveOrStored.skipped(
                policy, defaultMaxAge: visible[index].provider.info.offerMaxAge,
                storedAt: stored[index].answer?.fetchedAt, now: resolvedAt)
        }
        let asked = visible.indices.filter { statuses[$0] == nil }
        if !asked.isEmpty {
            let outcomes = await withTaskGroup(of: (Int, OfferResolver.LiveStatus).self) { group in
                for index in asked {
                    let offer = visible[index]
                    group.addTask { [self] in (index, await self.live(offer)) }
                }
                var collected: [(Int, OfferResolver.LiveStatus)] = []
                for await outcome in group { collected.append(outcome) }
                return collected
            }
            for (index, status) in outcomes { statuses[index] = status }
            if policy == .networkOnly, let error = Self.networkOnlyFailure(statuses.map { $0 ?? .offline }) {
                throw .provider(error)
            }
        }

        let offers = visible.enumerated().map { index, offer in
            OfferResolver.resolve(
                OfferResolver.Inputs(
                    offer: offer, merchant: found.merchant, cached: stored[index].answer,
                    liveStatus: statuses[index] ?? .offline, storedStatus: stored[index].status,
                    resolvedAt: resolvedAt))
        }
        let ranked = Self.rank(offers)
        let enabled: Resolved<Bool>
        if let first = ranked.first {
            enabled = first.enabled
        } else {
            enabled = found.merchant.active.map { Resolved($0, source: .local) } ?? Resolved(true, source: .default)
        }
        let hidden = found.providers.filter { offer in !visible.contains(offer) }
        return ResolvedMerchant(
            merchant: found.merchant, enabled: enabled, offers: ranked, resolvedAt: resolvedAt, country: country,
            hiddenExplanation: hidden.flatMap { OfferResolver.hidden($0, country: country ?? "") })
    }

    /// `raw` upper-cased when it is an ISO 3166-1 alpha-2 code (two letters), else nil (unknown).
    static func isoCountry(_ raw: String) -> String? {
        let code = raw.trimmedWhitespace.uppercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        return code
    }

    /// Under ``FetchPolicy/networkOnly``: the failure to report of the offers' `statuses` (in the offers'
    /// order), chosen by ``FailureChoice``: the first of a provider the user is signed in to; or, when no
    /// provider answered at all, the first "sign in" error. Providers the user never signed in to do not fail
    /// the lookup while another one answers live.
    static func networkOnlyFailure(_ statuses: [OfferResolver.LiveStatus]) -> DashSpendError? {
        let errors = statuses.compactMap { status -> DashSpendError? in
            if case .failed(let error) = status { return error }
            return nil
        }
        guard let chosen = FailureChoice.mostTelling(errors, failure: { $0 }) else { return nil }
        let anyLive = statuses.contains { if case .answered = $0 { true } else { false } }
        if case .signInRequired = chosen, anyLive { return nil }
        return chosen
    }

    /// Orders offers by resolved discount, highest first; on a tie the provider with the lower
    /// ``ProviderInfo/tieBreakRank`` (PiggyCards, as iOS does); then the file's order.
    static func rank(_ offers: [ResolvedOffer]) -> [ResolvedOffer] {
        offers.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.discountBasisPoints.value != right.discountBasisPoints.value {
                return left.discountBasisPoints.value > right.discountBasisPoints.value
            }
            if left.provider.info.tieBreakRank != right.provider.info.tieBreakRank {
                return left.provider.info.tieBreakRank < right.provider.info.tieBreakRank
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The stored answer for `offer`, reported as a hit or a miss; one that cannot be read is reported as a
    /// failure and counts as none.
    private func stored(_ offer: ProviderRecord) -> (answer: ProviderMerchantDetails?, status: OfferResolver.StoredStatus) {
        guard let cache else { return (nil, .noStore) }
        let answer: ProviderMerchantDetails?
        do {
            answer = try cache.load(offer.provider, sourceId: offer.sourceId)
        } catch {
            diagnostics.record(
                DiagnosticEvent(
                    .cacheFailure, "could not read the stored answer for \(offer.sourceId): \(error)",
                    provider: offer.provider))
            return (nil, .unreadable("\(error)"))
        }
        diagnostics.record(
            DiagnosticEvent(
                answer == nil ? .cacheMiss : .cacheHit, "stored answer for \(offer.sourceId)", provider: offer.provider))
        return (answer, answer == nil ? .absent : .found)
    }

    /// Writes `answer` through to the store in one transaction; run once per answer that arrives, however
    /// many lookups share it. An answer with a field dropped as implausible (a malformed answer) is never
    /// stored, so it cannot replace the stored one. A failed write loses nothing but the next offline
    /// answer: it is reported.
    private func store(_ answer: ProviderMerchantDetails) {
        guard let cache else { return }
        guard answer.implausibleFields.isEmpty else {
            let fields = Set(answer.implausibleFields.map(\.field)).sorted().joined(separator: ", ")
            diagnostics.record(
                DiagnosticEvent(
                    .note, "the answer for \(answer.sourceId) was not stored: implausible \(fields)",
                    provider: answer.provider))
            return
        }
        do {
            try cache.save(answer)
        } catch {
            diagnostics.record(
                DiagnosticEvent(
                    .cacheFailure, "could not store the answer for \(answer.sourceId): \(error)",
                    provider: answer.provider))
        }
    }

    /// What the store gives back for `answer` once it was stored, so the result shown is what was stored; nil
    /// when the store does not hold it (it was not stored, or cannot be read).
    private func readBack(_ answer: ProviderMerchantDetails) -> ProviderMerchantDetails? {
        // A store that cannot give the answer back is a cache miss: the live answer is used, and store() said any failed write.
        guard let cache, answer.implausibleFields.isEmpty,
            let stored = (try? cache.load(answer.provider, sourceId: answer.sourceId)) ?? nil, stored == answer
        else { return nil }
        return stored
    }

    /// One provider's live answer, written through and read back (``LiveOrStored/ask(writeThrough:readBack:live:)``),
    /// or why there is none. Not signed in is not an error unless required.
    private func live(_ offer: ProviderRecord) async -> OfferResolver.LiveStatus {
        // Written through once per answer that arrives, however many callers share it. Filed under the id it
        // was asked for, which is the id it is looked up by. A failed write loses nothing but the next offline
        // answer: it is reported, and the live answer is used.
        await LiveOrStored.ask(
            writeThrough: { [self] answer in store(answer) }, readBack: readBack
        ) { (arrived) async throws(DashSpendError) -> ProviderMerchantDetails in
            guard let repository = repositories[offer.provider] else { throw .signInRequired(offer.provider) }
            guard !offer.sourceId.isEmpty else { throw .unknownMerchant("") }
            guard await repository.isSignedIn() else { throw .signInRequired(offer.provider) }
            let answer: ProviderMerchantDetails
            do {
                answer = try await loader.details(from: repository, sourceId: offer.sourceId) { answer in
                    guard answer.provider == offer.provider else { return }
                    arrived(answer.filed(as: offer.sourceId))
                }
            } catch let error as DashSpendError {
                throw error
            } catch {
                throw .network("\(error)")
            }
            guard answer.provider == offer.provider else {
                throw .unreadableAnswer("\(offer.provider.displayName) answered as another provider")
            }
            return answer.filed(as: offer.sourceId)
        }
    }
}
