public import DashSpendSQLite

/// The SQL the library runs, for the benchmark that runs the same statements through the bare SQLite C API.
/// Not API: `@_spi(Benchmarks) import DashSpendExplore`.
@_spi(Benchmarks)
extension ExploreDatabase {
    /// A statement and its bound arguments.
    public struct Statement: Sendable {
        /// The SQL, with `?` / `?N` parameters.
        public let sql: String
        /// The values bound to `?1...?n`.
        public let arguments: [SQLiteValue]
    }

    /// The first statement of a search page. When the file has `gift_card_providers`, the second is
    /// ``pageOffersStatement(merchantIds:)`` with the page's merchantIds.
    public func pageStatement(for search: MerchantSearch) -> Statement {
        let page = MerchantSearchSQL(search: search, schema: schema, compiled: providers)
        return Statement(sql: page.sql, arguments: page.arguments)
    }

    /// The second statement of a search page.
    public func pageOffersStatement(merchantIds: [String]) -> Statement? {
        guard schema.hasProviderTable else { return nil }
        return Statement(sql: pageOffersSQL, arguments: [.text(SQLText.jsonArray(merchantIds))])
    }

    /// The one statement of ``merchant(id:)``.
    public func merchantStatement(id: String) -> Statement {
        Statement(sql: merchantSQL, arguments: [.text(id)])
    }
}
