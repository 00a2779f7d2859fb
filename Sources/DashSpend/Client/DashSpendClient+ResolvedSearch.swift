import DashSpendCore
import DashSpendExplore

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
        try environment.checkUsable(
            policy, for: search.text.map { "a live-only search for \($0)" } ?? "a live-only search", subject: search.text)
        let page = try self.search(search)
        guard !page.merchants.isEmpty else { return ResolvedSearchPage(page: page, rows: []) }
        let service = try service()
        // Enough merchants at a time to keep every provider's places busy, and no more: the rest wait here
        // rather than as thousands of suspended tasks.
        let width = configuration.maxConcurrentRequestsPerProvider * max(1, GiftCardProvider.allCases.count)
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
            country: configuration.normalizedCountry, loader: environment.loader, now: configuration.now,
            diagnostics: configuration.diagnostics)
        let outcomes = await Self.resolve(page.merchants, with: service, policy: .cacheOnly, width: 8)
        return ResolvedSearchPage(
            page: page, rows: zip(page.merchants, outcomes).map { ResolvedSearchRow(summary: $0, outcome: $1) })
    }

    /// Resolves `merchants` with at most `width` in progress at once; the outcomes in their order. Their
    /// explore rows are read first, all in one statement (``ExploreDatabase/merchants(ids:)``): read one by one,
    /// a page of 100 on the wallets' file (no `merchantId` index) was 200 scans of its tables, seconds.
    private static func resolve(
        _ merchants: [MerchantSummary], with service: MerchantService, policy: FetchPolicy, width: Int
    ) async -> [Result<ResolvedMerchant, DashSpendFailure>] {
        let readAhead: [String: MerchantLookupResult]
        do {
            readAhead = try service.database.merchants(ids: merchants.map(\.merchantId))
        } catch {
            readAhead = [:]  // each merchant is then read on its own, and a failure reported in its row
        }
        return await withTaskGroup(of: (Int, Result<ResolvedMerchant, DashSpendFailure>).self) { group in
            var outcomes = [Result<ResolvedMerchant, DashSpendFailure>?](repeating: nil, count: merchants.count)
            // Index-based on purpose: an earlier version started tasks from a nested function that captured the
            // group and a counter, which the release build miscompiled (an index out of range on a 100-row page).
            var pending = merchants.indices.makeIterator()
            for _ in 0..<max(1, width) {
                guard let index = pending.next() else { break }
                let merchantId = merchants[index].merchantId
                let found = readAhead[merchantId]
                group.addTask { await (index, Self.outcome(of: merchantId, found, with: service, policy: policy)) }
            }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                if let index = pending.next() {
                    let merchantId = merchants[index].merchantId
                    let found = readAhead[merchantId]
                    group.addTask { await (index, Self.outcome(of: merchantId, found, with: service, policy: policy)) }
                }
            }
            return outcomes.map { $0! }
        }
    }

    /// One merchant resolved (from its explore rows when they were read ahead), its failure as a value.
    private static func outcome(
        of merchantId: String, _ readAhead: MerchantLookupResult?, with service: MerchantService, policy: FetchPolicy
    ) async -> Result<ResolvedMerchant, DashSpendFailure> {
        do {
            if case .found(let merchant) = readAhead {
                return .success(try await service.resolve(merchant, policy: policy))
            }
            return .success(try await service.resolve(merchantId: merchantId, policy: policy))
        } catch {
            return .failure(DashSpendFailure(error))
        }
    }
}
