import DashSpendLocking

/// The text of each statement an ``ExploreDatabase`` runs over and over, built for its file's schema on first
/// use and kept.
///
/// Building all eight when the file was opened took 300,000 instructions, 5% of an offline `show` that
/// uses one of them.
final class ExploreQueryTexts: Sendable {
    /// One statement.
    enum Query: Hashable {
        /// ``ExploreDatabase/merchant(id:)``, and the same through the side index of names.
        case merchant, merchantByRow
        /// ``ExploreDatabase/merchants(ids:)``: the merchant rows, the provider rows, the provider rows by row.
        case merchants, merchantOffers, merchantOffersByRow
        /// ``ExploreDatabase/merchants(rowids:merchantIds:)``: merchant rows by rowid.
        case pageMerchants
        /// The second statement of a search page, and the same through the side index of names.
        case pageOffers, pageOffersByRow
    }

    private let schema: ExploreSchema
    private let built = Locked<[Query: String?]>([:])

    init(schema: ExploreSchema) {
        self.schema = schema
    }

    /// The text of `query`; nil for one this file's schema has no use for (offers of a file without them).
    subscript(_ query: Query) -> String? {
        if let text = built.withLock({ $0[query] }) { return text }
        let text = Self.build(query, for: schema)
        built.withLock { $0[query] = text }
        return text
    }

    private static func build(_ query: Query, for schema: ExploreSchema) -> String? {
        switch query {
        case .merchant: ExploreDatabase.merchantSQL(for: schema)
        case .merchantByRow: ExploreDatabase.merchantByRowSQL(for: schema)
        case .merchants: ExploreDatabase.merchantsSQL(for: schema)
        case .merchantOffers: ExploreDatabase.merchantOffersSQL(for: schema)
        case .merchantOffersByRow: ExploreDatabase.merchantOffersByRowSQL(for: schema)
        case .pageMerchants: ExploreDatabase.pageMerchantsSQL(for: schema)
        case .pageOffers: ExploreDatabase.pageOffersSQL(for: schema)
        case .pageOffersByRow: ExploreDatabase.pageOffersSQL(for: schema, providersByRow: true)
        }
    }
}
