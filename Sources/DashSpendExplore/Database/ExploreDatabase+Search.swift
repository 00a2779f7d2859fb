import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// Searches merchants: one result per `merchantId`, filtered, sorted and paged.
    ///
    /// The text matches a name as the wallets match it (a phrase whose last word is a prefix, through the
    /// FTS4 index where the file has one), or at a word start once accents and case are folded; when that
    /// finds no merchant at all, every word of the text matches at the start of a word of the name, in any
    /// order, punctuation ignored (`depot home`, `macys`, `barnes and noble`).
    ///
    /// Costs two SQL statements whatever the page size: the page (with the number of matches in all), then
    /// the providers of its merchants; a page past the last match costs one more to count them, and a text
    /// that matches nothing as a phrase one more page by words.
    public func search(_ search: MerchantSearch) throws(ExploreDatabaseError) -> MerchantSearchPage {
        let page = try self.search(search, matching: .phrase)
        guard page.total == 0, let text = search.text, !NameMatching.searchWords(text).isEmpty else { return page }
        return try self.search(search, matching: .words)
    }

    private func search(_ search: MerchantSearch, matching: MerchantSearchSQL.NameMatch) throws(ExploreDatabaseError)
        -> MerchantSearchPage
    {
        // Only a search by name needs the side index (and makes it ready on first use).
        let indexed = (search.text != nil && matching == .phrase || search.exactName != nil) && usesNameIndex
        let page = MerchantSearchSQL(search: search, schema: schema, compiled: providers, matching: matching, nameIndex: indexed)
        let chosen = search.provider.map { providers.contains($0) ? [$0] : [] } ?? providers
        return try read { db in
            struct Row {
                let merchantId: String, name: String, type: MerchantType, paymentMethod: PaymentMethod
                let savings: Int?, locationCount: Int, distanceKm: Double?, matchCount: Int, rowids: [Int64]
            }
            let rows = try db.fetchAll(page.sql, page.arguments) { row in
                var distance: Double?
                if let near = search.near, let lat = row.double("nearestLatitude"), let lon = row.double("nearestLongitude"),
                    let point = GeoPoint(latitude: lat, longitude: lon)
                {
                    distance = near.distanceKm(to: point)
                }
                return Row(
                    merchantId: row.text("merchantId") ?? "", name: row.text("name") ?? "",
                    type: MerchantType(parsing: row.text("type")),
                    paymentMethod: PaymentMethod(parsing: row.text("paymentMethod")),
                    savings: row.integer("savingsPercentage"), locationCount: row.integer("locationCount") ?? 0,
                    distanceKm: distance, matchCount: row.integer("matchCount") ?? 0,
                    rowids: (row.text("rowids") ?? "").split { $0 == "[" || $0 == "]" || $0 == "," }.compactMap { Int64($0) }
                )
            }

            // The page's offers, in the file's order.
            var offers: [String: [(provider: GiftCardProvider, savings: Int?)]] = [:]
            if schema.hasProviderTable, !rows.isEmpty {
                try db.forEach(
                    isNameIndexAttached ? pageOffersByRowSQL : pageOffersSQL, [.text(SQLText.jsonArray(rows.map(\.merchantId)))]
                ) { row in
                    guard let id = row.text("merchantId"), let name = row.text("provider"),
                        let provider = GiftCardProvider(databaseName: name), providers.contains(provider)
                    else { return }
                    offers[id, default: []].append((provider, row.integer("savingsPercentage")))
                }
            }

            let merchants = rows.map { row -> MerchantSummary in
                var sellers: [GiftCardProvider] = []
                var best: Int?
                if schema.hasProviderTable {
                    for offer in offers[row.merchantId] ?? [] {
                        if !sellers.contains(offer.provider) { sellers.append(offer.provider) }
                        if chosen.contains(offer.provider), let savings = offer.savings { best = max(best ?? savings, savings) }
                    }
                } else if row.paymentMethod == .giftCard, providers.contains(.ctx) {
                    sellers = [.ctx]
                }
                return MerchantSummary(
                    merchantId: row.merchantId, name: row.name, type: row.type, paymentMethod: row.paymentMethod,
                    discountBasisPoints: best ?? row.savings ?? 0, providers: sellers,
                    distanceKm: row.distanceKm, locationCount: row.locationCount, rowids: row.rowids
                )
            }
            var total = rows.first?.matchCount ?? 0
            if rows.isEmpty, search.offset > 0 || search.limit <= 0 {
                var first = search
                (first.offset, first.limit) = (0, 1)
                let count = MerchantSearchSQL(
                    search: first, schema: schema, compiled: providers, matching: matching, nameIndex: indexed)
                total = try db.fetchAll(count.sql, count.arguments) { $0.integer("matchCount") ?? 0 }.first ?? 0
            }
            return MerchantSearchPage(
                merchants: merchants, offset: max(search.offset, 0), limit: max(search.limit, 0), total: total)
        }
    }

    /// How ``search(_:)`` finds and orders the merchants of `search` in this file, in words: the name
    /// through the FTS4 index or LIKE, and by its folded words; each filter; the order; the rows asked for.
    /// When the text has words, what is tried when the phrase finds nothing follows `; when that finds
    /// nothing: `.
    package func searchPlan(_ search: MerchantSearch) -> String {
        let indexed = (search.text != nil || search.exactName != nil) && usesNameIndex
        let phrase = MerchantSearchSQL(search: search, schema: schema, compiled: providers, nameIndex: indexed).plan
        guard let text = search.text, !NameMatching.searchWords(text).isEmpty else { return phrase }
        let words = MerchantSearchSQL(search: search, schema: schema, compiled: providers, matching: .words).plan
        return phrase + "; when that finds nothing: " + words
    }

    /// The second statement of a page: the offers of its merchants (`?1` = a JSON array of merchantIds); with
    /// `providersByRow`, their rows are found through the side index of names (``ExploreNameIndex``), by rowid,
    /// instead of by scanning a `gift_card_providers` without a `merchantId` index.
    static func pageOffersSQL(for schema: ExploreSchema, providersByRow: Bool = false) -> String {
        let order = schema.providerColumns.contains("id") ? "id" : "rowid"
        let merchants = "IN (SELECT value FROM json_each(?1))"
        let filter = providersByRow ? "rowid IN (\(providerRows(of: merchants)))" : "merchantId \(merchants)"
        return """
            SELECT merchantId, provider, \(schema.providerColumn("savingsPercentage", alias: "gift_card_providers")) \
            AS savingsPercentage FROM gift_card_providers \
            WHERE \(filter) ORDER BY \(order)
            """
    }
}
