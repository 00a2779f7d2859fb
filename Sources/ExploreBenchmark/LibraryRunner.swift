import DashSpendExplore

/// Runs a query through the library's public API, on an `ExploreDatabase` opened the normal way.
struct LibraryRunner {
    /// The open database.
    let database: ExploreDatabase

    /// Runs `query` once; returns the merchants found (1 for a found merchant), so the work is observable
    /// and both sides can be checked to agree.
    func run(_ query: BenchmarkQuery) throws -> Int {
        switch query.request {
        case .page(let search):
            let page = try database.search(search)
            return page.merchants.count
        case .merchant(let id):
            switch try database.merchant(id: id) {
            case .found: return 1
            case .soldOnlyThroughUnavailableProviders: return 1
            case .notFound: return 0
            }
        }
    }

    /// The merchantIds of the page `search` returns (to build the shell's second statement).
    func pageIds(_ search: MerchantSearch) throws -> [String] {
        try database.search(search).merchants.map(\.merchantId)
    }
}
