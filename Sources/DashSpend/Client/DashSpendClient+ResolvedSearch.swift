import DashSpendCore
import DashSpendExplore
public import DashSpendMerchants
public import DashSpendSetup

extension DashSpendClient {
    /// One page of merchants matching `search`, like ``search(_:)``, with every merchant of the page
    /// resolved under `policy` through the same service as ``merchant(_:policy:)`` (and so the same stored
    /// answers, deduplication of requests in flight and bound on requests per provider).
    ///
    /// The merchants are resolved concurrently, a few at a time, and each merchant once: each provider is
    /// asked at most once per merchant. A merchant whose resolution fails carries its failure in its row;
    /// the page itself fails only when the search does, or when `policy` cannot be used (as
    /// ``merchant(_:policy:)`` fails for it).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func search(_ search: MerchantSearch, policy: FetchPolicy) async throws
        -> ResolvedSearchPage
    {
        try DashSpendFailure.checkNameLength(search.text)
        try credentials.checkUsable(
            policy, for: search.text.map { "a live-only search for \($0)" } ?? "a live-only search", subject: search.text)
        let page = try self.search(search)
        guard !page.merchants.isEmpty else { return ResolvedSearchPage(page: page, rows: []) }
        let service = try service()
        // Enough merchants at a time to keep every provider's places busy, and no more: the rest wait here
        // rather than as thousands of suspended tasks.
        // Offline or from stored answers only, nothing waits on the network: one at a time.
        let width =
            configuration.offline || policy == .cacheOnly
            ? 1 : configuration.maxConcurrentRequestsPerProvider * max(1, GiftCardProvider.allCases.count)
        let outcomes = await Self.resolve(page.merchants, with: service, policy: policy, width: width)
        return ResolvedSearchPage(
            page: page, rows: zip(page.merchants, outcomes).map { ResolvedSearchRow(summary: $0, outcome: $1) })
    }

    /// One page of merchants matching `search`, like ``search(_:)``, each resolved from the explore database
    /// alone: whether it can be bought now (its first offer's `active`, then the merchant's), its discounts
    /// and denominations, as the database says them (source `local`). No provider is asked and the state
    /// folder is neither read nor written, so a plain list stays as quick and as side-effect free as before.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func searchFromDatabase(_ search: MerchantSearch) async throws -> ResolvedSearchPage {
        let page = try self.search(search)
        guard !page.merchants.isEmpty else { return ResolvedSearchPage(page: page, rows: []) }
        let service = MerchantService(
            database: try database(providers: GiftCardProvider.allCases), repositories: [:], cache: nil,
            country: configuration.normalizedCountry, loader: merchants.loader, now: configuration.now,
            diagnostics: configuration.diagnostics)
        let outcomes = await Self.resolve(page.merchants, with: service, policy: .cacheOnly, width: 1)
        return ResolvedSearchPage(
            page: page, rows: zip(page.merchants, outcomes).map { ResolvedSearchRow(summary: $0, outcome: $1) })
    }

    /// Resolves `merchants`, the outcomes in their order. Their explore rows are read first, by the rowids the
    /// page found them at (`ExploreDatabase.merchants(rowids:merchantIds:)`): read one by one, a page of 100 on
    /// the wallets' file (no `merchantId` index) was 200 scans of its tables, seconds.
    ///
    /// Under a policy that may ask the providers (`width` > 1), at most `width` merchants are resolved at once,
    /// so their requests overlap; otherwise each merchant resolves from files alone and there is nothing to
    /// overlap: one after the other, in the caller's task.
    private static func resolve(
        _ merchants: [MerchantSummary], with service: MerchantService, policy: FetchPolicy, width: Int
    ) async -> [Result<ResolvedMerchant, DashSpendFailure>] {
        let readAhead: [String: MerchantLookupResult]
        do {
            readAhead = try service.database.merchants(
                rowids: merchants.flatMap(\.rowids), merchantIds: merchants.map(\.merchantId))
        } catch {
            readAhead = [:]  // each merchant is then read on its own, and a failure reported in its row
        }
        guard width > 1 else {
            var outcomes: [Result<ResolvedMerchant, DashSpendFailure>] = []
            outcomes.reserveCapacity(merchants.count)
            for merchant in merchants {
                let id = merchant.merchantId
                outcomes.append(await outcome(of: id, readAhead[id], with: service, policy: policy).result)
            }
            return outcomes
        }
        // Each task hands back its index and a reference to its outcome: with the outcome itself in the tuple
        // (a large enum), iterating the group crashed on reading it back (index out of range in release
        // builds, a bad pointer in debug ones).
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            var outcomes = [Result<ResolvedMerchant, DashSpendFailure>?](repeating: nil, count: merchants.count)
            var next = 0
            while next < min(width, merchants.count) {
                let (index, id) = (next, merchants[next].merchantId)
                let found = readAhead[id]
                group.addTask { (index, await outcome(of: id, found, with: service, policy: policy)) }
                next += 1
            }
            while let (index, finished) = await group.next() {
                outcomes[index] = finished.result
                guard next < merchants.count else { continue }
                let (started, id) = (next, merchants[next].merchantId)
                let found = readAhead[id]
                group.addTask { (started, await outcome(of: id, found, with: service, policy: policy)) }
                next += 1
            }
            return outcomes.map { $0! }
        }
    }

    /// A merchant's outcome, handed from a resolving task to the page by reference.
    private final class Outcome: Sendable {
        let result: Result<ResolvedMerchant, DashSpendFailure>
        init(_ result: Result<ResolvedMerchant, DashSpendFailure>) { self.result = result }
    }

    /// One merchant resolved (from its explore rows when they were read ahead), its failure as a value.
    private static func outcome(
        of merchantId: String, _ readAhead: MerchantLookupResult?, with service: MerchantService, policy: FetchPolicy
    ) async -> Outcome {
        do {
            if case .found(let merchant) = readAhead {
                return Outcome(.success(try await service.resolve(merchant, policy: policy)))
            }
            return Outcome(.success(try await service.resolve(merchantId: merchantId, policy: policy)))
        } catch {
            return Outcome(.failure(DashSpendFailure(error)))
        }
    }
}
