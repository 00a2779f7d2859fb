import DashSpendCore
import DashSpendExplore

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
        let (database, service) = try openedService()
        let found = try identify(idOrName, in: database, byId: prefetched.byId(idOrName, in: database))
        try checkUsable(policy, for: "a live-only lookup of \(idOrName)", subject: idOrName)
        do {
            return try await service.resolve(found, policy: policy)
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// Fails when `policy` cannot be used by this client: ``FetchPolicy/networkOnly`` offline (`what` says
    /// which request needed the network), or stored credentials that cannot be read when the network may be
    /// asked (a damaged file is reported, not taken for "not signed in").
    func checkUsable(_ policy: FetchPolicy, for what: String, subject: String?) throws(DashSpendFailure) {
        if configuration.offline && policy == .networkOnly {
            // Without this the providers read as "not signed in", and the caller would be told to sign in.
            throw DashSpendFailure(
                .invalidRequest, "\(what) needs the network, and this client is offline", subject: subject)
        }
        if !configuration.offline && policy != .cacheOnly {
            for provider in GiftCardProvider.allCases { try readStoredCredentials(of: provider) }
        }
    }

    /// The merchant `idOrName` (an id, else an exact name) as the explore database has it, unresolved.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func identify(_ idOrName: String) throws -> ExploreMerchant {
        try identify(idOrName, in: try database(providers: GiftCardProvider.allCases))
    }

    /// ``identify(_:)`` in `database` (the one every compiled-in provider shows); `byId`: what the id was already
    /// found to be there (nil: read it).
    func identify(_ idOrName: String, in database: ExploreDatabase, byId: MerchantLookupResult? = nil)
        throws(DashSpendFailure) -> ExploreMerchant
    {
        do {
            var lookup = try byId ?? database.merchant(id: idOrName)
            var merchantId = idOrName
            if case .notFound = lookup {
                let named = try Self.merchants(named: idOrName, in: database)
                if named.count > 1 {
                    let candidates = named.map {
                        MerchantCandidate(merchantId: $0.merchantId, name: $0.name, type: $0.type)
                    }
                    throw DashSpendFailure(
                        .ambiguous, "\(candidates.count) merchants are named \(idOrName)", subject: idOrName,
                        candidates: candidates)
                }
                if let only = named.first {
                    merchantId = only.merchantId
                    lookup = try database.merchant(id: merchantId)
                } else if let hidden = try database.merchantIds(namedEvenIfHidden: idOrName).first {
                    // Hidden from lists (sold only through a provider this build lacks): the same
                    // explanation as by id.
                    merchantId = hidden
                    lookup = try database.merchant(id: merchantId)
                }
            }
            switch lookup {
            case .found(let merchant): return merchant
            case .notFound:
                let names = try database.namedMerchants()
                let closest = NameMatching.suggestions(for: idOrName, among: names.map(\.name))
                let candidates = closest.compactMap { name in
                    names.first { $0.name == name }.map {
                        MerchantCandidate(merchantId: $0.merchantId, name: $0.name, type: $0.type)
                    }
                }
                throw DashSpendFailure(
                    .notFound, MerchantServiceError.notFound(idOrName).description, subject: idOrName,
                    candidates: candidates)
            case .soldOnlyThroughUnavailableProviders(let names):
                throw MerchantServiceError.onlyThroughUnavailableProviders(merchantId: merchantId, providers: names)
            }
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// Every merchant named `name` (any case), page by page, so that an ambiguous name lists all of them.
    private static func merchants(named name: String, in database: ExploreDatabase) throws(ExploreDatabaseError)
        -> [MerchantSummary]
    {
        let pageSize = 100
        var found: [MerchantSummary] = []
        while true {
            let page = try database.search(
                MerchantSearch(exactName: name, limit: pageSize, offset: found.count, includeURLRedeem: true))
            found += page.merchants
            if page.merchants.count < pageSize { return found }
        }
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
    /// - Throws: ``DashSpendFailure``.
    public func search(_ search: MerchantSearch) throws -> MerchantSearchPage {
        do {
            return try database().search(search)
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
            return try database().info()
        } catch {
            throw DashSpendFailure(error)
        }
    }
}
