import DashSpendCore
import DashSpendExplore
public import DashSpendMerchants
public import DashSpendSetup

extension DashSpendClient {
    /// The merchant whose id is `idOrName`, else the one merchant with that exact name (any case), with
    /// every offer resolved under `policy`.
    ///
    /// Several merchants with the name fail as ``DashSpendFailure/Kind/ambiguous`` with the candidates.
    /// ``FetchPolicy/networkOnly`` on an offline client is an ``DashSpendFailure/Kind/invalidRequest``.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func merchant(_ idOrName: String, policy: FetchPolicy = .networkFirst) async throws
        -> ResolvedMerchant
    {
        try await merchant(idOrName, policy: policy, prefetched: .none)
    }

    /// ``merchant(_:policy:)``, with the explore rows a batch read ahead for it (when they are of the database
    /// in use).
    func merchant(_ idOrName: String, policy: FetchPolicy, prefetched: BatchPrefetch) async throws(DashSpendFailure)
        -> ResolvedMerchant
    {
        try await merchants.merchant(idOrName, policy: policy, prefetched: prefetched)
    }

    /// The merchant `idOrName` (an id, else an exact name) as the explore database has it, unresolved.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func identify(_ idOrName: String) throws -> ExploreMerchant {
        try MerchantService.identify(idOrName, in: try database(providers: GiftCardProvider.allCases))
    }

    /// The locations of `merchantId`, nearest first when `near` is given.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func locations(merchantId: String, near: GeoPoint? = nil) throws -> [MerchantLocation] {
        let database = try database(providers: GiftCardProvider.allCases)
        do {
            return try database.locations(merchantId: merchantId, near: near)
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// One page of merchants (one per merchant id) matching `search`, among the providers offered in the
    /// country.
    ///
    /// The text matches names as `ExploreDatabase.search(_:)` says (as a phrase, else word by word in any
    /// order, punctuation ignored); when it matches no merchant at all (whatever the other filters), the page's
    /// ``MerchantSearchPage/suggestions`` are the merchants whose names are closest to it. A text or exact
    /// name longer than ``MerchantSearch/maximumNameLength`` fails at once as
    /// ``DashSpendFailure/Kind/invalidRequest``.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func search(_ search: MerchantSearch) throws -> MerchantSearchPage {
        try DashSpendFailure.checkNameLength(search.text)
        try DashSpendFailure.checkNameLength(search.exactName)
        do {
            let database = try database()
            let started = MonotonicClock.Instant.now
            var page = try database.search(search)
            // Only when the text itself matches nothing: a name the other filters left out is no typing mistake.
            if page.total == 0, let text = search.text, !NameMatching.folded(text).isEmpty,
                try database.search(MerchantSearch(text: text, limit: 0, includeURLRedeem: true)).total == 0
            {
                page.suggestions = try database.closestMerchants(to: text)
            }
            guard configuration.reportsDiagnostics else { return page }
            configuration.diagnostics.record(
                DiagnosticEvent(
                    .note,
                    "search: \(database.searchPlan(search)); "
                        + (page.total == 1 ? "1 merchant matches" : "\(page.total) merchants match")
                        + ", \(page.merchants.count) on this page",
                    seconds: (MonotonicClock.Instant.now - started).seconds))
            return page
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// The territories (US states) the database names, with their merchant counts.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func territories() throws -> [ExploreDatabase.Territory] {
        do {
            return try database().territories()
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// When the database has no territory named `name` (any case, any accents): its closest territory names,
    /// best first (possibly none: `TX` finds `Texas`); nil when it has one of that name.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func territoryCandidates(for name: String) throws -> [String]? {
        let names = try territories().map(\.name)
        let folded = NameMatching.folded(name)
        if names.contains(where: { NameMatching.folded($0) == folded }) { return nil }
        return NameMatching.suggestions(for: name, among: names)
    }

    /// Dash ATMs matching `search`.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func atms(_ search: ATMSearch) throws -> [ATMRecord] {
        do {
            return try database().atms(search)
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// What the explore database in use is and holds.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func databaseInfo() throws -> ExploreDatabaseInfo {
        do {
            let database = try database()
            let started = MonotonicClock.Instant.now
            let info = try database.info()
            guard configuration.reportsDiagnostics else { return info }
            configuration.diagnostics.record(
                DiagnosticEvent(
                    .note,
                    "counted \(info.merchantRows) merchant rows, \(info.providerRows.values.reduce(0, +)) provider rows "
                        + "and \(info.atms) ATMs in \(info.origin)",
                    seconds: (MonotonicClock.Instant.now - started).seconds))
            return info
        } catch {
            throw DashSpendFailure(error)
        }
    }
}
