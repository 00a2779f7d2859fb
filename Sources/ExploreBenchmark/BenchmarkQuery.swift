import DashSpendCore
@_spi(Benchmarks) import DashSpendExplore

/// One query the benchmark runs through every path: the library, the bare C API, the `merchant-lookup`
/// binary and the `sqlite3` shell.
struct BenchmarkQuery {
    /// What the library is asked.
    enum Request {
        /// `ExploreDatabase.search(_:)`: two statements (the page, then its offers).
        case page(MerchantSearch)
        /// `ExploreDatabase.merchant(id:)`: one statement.
        case merchant(id: String)
    }

    /// The row label.
    let label: String
    /// The request.
    let request: Request
    /// Whether it is one of the heavy queries (full scans or large groups), with the stricter CLI target.
    let heavy: Bool
    /// The `merchant-lookup` arguments for the same query, without `--db`.
    let cliArguments: [String]

    /// The centre used by the nearby query (Chicago, the third-largest cluster in the file).
    static let nearbyCentre = GeoPoint(latitude: 41.8781, longitude: -87.6298)!

    /// The five queries. `showcaseId` is a merchant sold by CTX and PiggyCards.
    static func all(showcaseId: String, home: String) -> [BenchmarkQuery] {
        let centre = "\(nearbyCentre.latitude),\(nearbyCentre.longitude)"
        return [
            BenchmarkQuery(
                label: "name prefix \"sun\", page 1", request: .page(MerchantSearch(text: "sun")),
                heavy: false, cliArguments: ["search", "sun", "--json"]),
            BenchmarkQuery(
                label: "show merchant(id:)", request: .merchant(id: showcaseId), heavy: false,
                cliArguments: ["show", showcaseId, "--offline", "--home", home, "--json"]),
            BenchmarkQuery(
                label: "nearby 32 km by distance",
                request: .page(
                    MerchantSearch(
                        near: nearbyCentre, radiusKm: 32, sort: .distance)), heavy: true,
                cliArguments: ["search", "--near", centre, "--radius", "32", "--sort", "distance", "--json"]),
            BenchmarkQuery(
                label: "discount-sorted page 1", request: .page(MerchantSearch(sort: .discount)),
                heavy: true, cliArguments: ["search", "--sort", "discount", "--json"]),
            BenchmarkQuery(
                label: "ctx + flexible page 1",
                request: .page(
                    MerchantSearch(
                        provider: .ctx, denominations: .flexible)), heavy: true,
                cliArguments: ["search", "--provider", "ctx", "--denominations", "flexible", "--json"]),
        ]
    }
}
