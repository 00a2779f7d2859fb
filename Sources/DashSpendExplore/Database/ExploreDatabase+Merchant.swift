import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// Finds a merchant by `merchantId` with all its provider rows, in one statement.
    ///
    /// The representative row is the merchant's online row when it has one (else its lowest `id`).
    public func merchant(id merchantId: String) throws(ExploreDatabaseError) -> MerchantLookupResult {
        var rows = MerchantRows(database: self)
        // The side index of names, when attached, also maps a v4 file's merchantIds to their merchant and
        // provider rows: lookups instead of scans of a file without merchantId indexes.
        let sql = schema.hasProviderTable && isNameIndexAttached ? merchantByRowSQL : merchantSQL
        try read { db in try db.forEach(sql, [.text(merchantId)]) { rows.add($0) } }
        // One merchant at most: the one SQLite matched, however its id is spelled as stored.
        return rows.results().first?.result ?? .notFound
    }

    /// Finds many merchants at once, each as ``merchant(id:)`` finds it, reading each table once: one
    /// statement for the merchant rows of all of `merchantIds` (`merchantId IN (...)`) and one for their provider
    /// rows, which on a file without a `merchantId` index is one scan of `merchant` and one of
    /// `gift_card_providers` instead of two per merchant.
    ///
    /// - Returns: the merchants found (``MerchantLookupResult/found(_:)`` or
    ///   ``MerchantLookupResult/soldOnlyThroughUnavailableProviders(_:)``), by their `merchantId` as stored. An
    ///   id that is not a key was not matched as stored (not found, or matched in another spelling through the
    ///   column's affinity): ``merchant(id:)`` answers for it.
    public func merchants(ids merchantIds: [String]) throws(ExploreDatabaseError) -> [String: MerchantLookupResult] {
        guard !merchantIds.isEmpty else { return [:] }
        var rows = MerchantRows(database: self)
        let ids: [SQLiteValue] = [.text(SQLText.jsonArray(Array(Set(merchantIds))))]
        let offersSQL = offersSQL
        try read { db in
            try db.forEach(merchantsSQL, ids) { rows.addMerchant($0) }
            if let offersSQL { try db.forEach(offersSQL, ids) { rows.addOffer($0) } }
        }
        return Dictionary(rows.results().map { ($0.id, $0.result) }, uniquingKeysWith: { first, _ in first })
    }

    /// The merchants of a search page, from the page's ``MerchantSummary/rowids`` (`rowids`) and merchantIds:
    /// like ``merchants(ids:)``, but the `merchant` rows are read by rowid, so a file without a `merchantId`
    /// index is not scanned for them (its `gift_card_providers` is read once, as the page's offers are).
    package func merchants(rowids: [Int64], merchantIds: [String]) throws(ExploreDatabaseError)
        -> [String: MerchantLookupResult]
    {
        guard !rowids.isEmpty else { return [:] }
        var rows = MerchantRows(database: self)
        let rowidArray = "[" + rowids.map(String.init).joined(separator: ",") + "]"
        let offersSQL = offersSQL
        try read { db in
            try db.forEach(pageMerchantsSQL, [.text(rowidArray)]) { rows.addMerchant($0) }
            if let offersSQL {
                try db.forEach(offersSQL, [.text(SQLText.jsonArray(Array(Set(merchantIds))))]) { rows.addOffer($0) }
            }
        }
        return Dictionary(rows.results().map { ($0.id, $0.result) }, uniquingKeysWith: { first, _ in first })
    }

    /// The statement that reads the provider rows of a JSON array of merchantIds: through the side index of
    /// names when it is attached (their rows by rowid), else ``merchantOffersSQL``.
    private var offersSQL: String? {
        isNameIndexAttached ? merchantOffersByRowSQL : merchantOffersSQL
    }

    /// Every merchant of the file, each as ``merchant(id:)`` finds it, reading each table once (one statement for
    /// the merchant rows, grouped by `merchantId`, and one for all provider rows): what comparing two files
    /// needs. Rows without a `merchantId` are skipped, as everywhere.
    func allMerchants() throws(ExploreDatabaseError) -> [(id: String, result: MerchantLookupResult)] {
        var rows = MerchantRows(database: self)
        let schema = schema
        try read { db in
            try db.forEach(
                "SELECT * FROM (\(Self.merchantQuery(for: schema, matching: "m.merchantId IS NOT NULL GROUP BY m.merchantId")))",
                []
            ) { rows.addMerchant($0) }
            if schema.hasProviderTable {
                try db.forEach(
                    "SELECT g.merchantId AS offerMerchantId, \(Self.offerColumns(for: schema)) FROM gift_card_providers g "
                        + "ORDER BY offerOrder", []
                ) { rows.addOffer($0) }
            }
        }
        return rows.results()
    }

    /// The statement that reads the merchant rows of a JSON array of rowids (`?1`), one row per merchant (its
    /// representative among those rows), through the table's rowid.
    static func pageMerchantsSQL(for schema: ExploreSchema) -> String {
        "SELECT * FROM (\(merchantQuery(for: schema, matching: "m.rowid IN (SELECT value FROM json_each(?1)) GROUP BY m.merchantId")))"
    }

    /// The statement that reads one merchant (`?1` = merchantId) with all its provider rows.
    static func merchantSQL(for schema: ExploreSchema) -> String {
        merchantSQL(for: schema, matching: "m.merchantId = ?1")
    }

    /// ``merchantSQL(for:)`` with the merchant and provider rows found through the side index of names
    /// (``ExploreNameIndex``), by rowid.
    static func merchantByRowSQL(for schema: ExploreSchema) -> String {
        merchantSQL(
            for: schema,
            matching: "m.rowid IN (SELECT row FROM \(ExploreNameIndex.schemaName).merchant_row WHERE merchantId = ?1) "
                + "AND m.merchantId = ?1",
            providersByRow: true)
    }

    /// The statement that reads the merchant rows of a JSON array of merchantIds (`?1`), one row per merchant
    /// (its representative row), reading `merchant` once (by its index when it has one).
    static func merchantsSQL(for schema: ExploreSchema) -> String {
        "SELECT * FROM (\(merchantQuery(for: schema, matching: "m.merchantId IN (SELECT value FROM json_each(?1)) GROUP BY m.merchantId")))"
    }

    /// The statement that reads the provider rows of a JSON array of merchantIds (`?1`), in the file's order,
    /// reading `gift_card_providers` once; nil for a file without the table. (Joined with the merchant rows in
    /// one statement, SQLite reads the table once per merchant when it has no `merchantId` index.)
    static func merchantOffersSQL(for schema: ExploreSchema) -> String? {
        guard schema.hasProviderTable else { return nil }
        return "SELECT g.merchantId AS offerMerchantId, \(offerColumns(for: schema)) FROM gift_card_providers g "
            + "WHERE g.merchantId IN (SELECT value FROM json_each(?1)) ORDER BY offerOrder"
    }

    /// ``merchantOffersSQL(for:)`` with the rows found through the side index of names (``ExploreNameIndex``),
    /// by rowid: no scan of a `gift_card_providers` without a `merchantId` index.
    static func merchantOffersByRowSQL(for schema: ExploreSchema) -> String? {
        guard schema.hasProviderTable else { return nil }
        return "SELECT g.merchantId AS offerMerchantId, \(offerColumns(for: schema)) FROM gift_card_providers g "
            + "WHERE g.rowid IN (\(providerRows(of: "IN (SELECT value FROM json_each(?1))"))) ORDER BY offerOrder"
    }

    /// The rowids of the `gift_card_providers` rows whose merchantId is `condition` (`= ?1`, `IN (...)`), from
    /// the side index of names (``ExploreNameIndex``): exactly the rows with that merchantId.
    static func providerRows(of condition: String) -> String {
        "SELECT row FROM \(ExploreNameIndex.schemaName).provider_row WHERE merchantId \(condition)"
    }

    /// The merchant rows `filter` selects (a `WHERE` condition, and the grouping when it selects several
    /// merchants): each merchant's representative row, its location count, and `representative`.
    private static func merchantQuery(for schema: ExploreSchema, matching filter: String) -> String {
        let columns = ExploreColumns.select(ExploreColumns.merchant, from: schema.merchantColumns, alias: "m")
        // MIN() makes SQLite take the bare columns from the row it picks: rows without coordinates first.
        return """
            SELECT \(columns), COUNT(m.latitude) AS locationCount, \
            MIN((m.latitude IS NOT NULL) * 4294967296 + m.rowid) AS representative \
            FROM merchant m WHERE \(filter)
            """
    }

    /// The columns of a provider row (`g`), named as ``MerchantRows`` reads them.
    private static func offerColumns(for schema: ExploreSchema) -> String {
        let column = { (name: String) in schema.providerColumn(name, alias: "g") }
        return """
            g.provider AS offerProvider, \(column("sourceId")) AS offerSourceId, \
            \(column("active")) AS offerActive, \(column("savingsPercentage")) AS offerSavings, \
            \(column("denominationsType")) AS offerDenominations, \(column("redeemType")) AS offerRedeemType, \
            \(column("denominationValues")) AS offerValues, \
            \(schema.providerColumns.contains("id") ? "g.id" : "g.rowid") AS offerOrder
            """
    }

    /// The statement that reads the merchant `filter` selects with all its provider rows, joined (`providersByRow`:
    /// the provider rows found through the side index of names, by rowid).
    private static func merchantSQL(for schema: ExploreSchema, matching filter: String, providersByRow: Bool = false)
        -> String
    {
        let merchantQuery = merchantQuery(for: schema, matching: filter)
        if schema.hasProviderTable {
            let byRow = providersByRow ? "g.rowid IN (\(providerRows(of: "= found.merchantId"))) AND " : ""
            return """
                SELECT found.*, \(offerColumns(for: schema)) \
                FROM (\(merchantQuery)) found LEFT JOIN gift_card_providers g ON \(byRow)g.merchantId = found.merchantId \
                WHERE found.representative IS NOT NULL ORDER BY offerOrder
                """
        } else {
            return "SELECT * FROM (\(merchantQuery)) WHERE representative IS NOT NULL"
        }
    }
}

/// The rows of ``ExploreDatabase/merchant(id:)`` or ``ExploreDatabase/merchants(ids:)``, gathered per merchant:
/// its representative row, the offers of the providers compiled in, the names of the others.
private struct MerchantRows {
    let database: ExploreDatabase
    private var order: [String] = []
    private var gathered: [String: (record: MerchantRecord, offers: [ProviderRecord], unavailable: [String])] = [:]

    init(database: ExploreDatabase) { self.database = database }

    /// A row of ``ExploreDatabase/merchant(id:)``: the merchant, and one of its provider rows (if any).
    mutating func add(_ row: SQLiteRow) {
        addOffer(row, of: addMerchant(row))
    }

    /// A merchant row (the first of a merchant is kept); returns its `merchantId` as stored.
    @discardableResult
    mutating func addMerchant(_ row: SQLiteRow) -> String {
        let record = MerchantRecord(row: row)
        let id = record.merchantId
        if gathered[id] == nil {
            order.append(id)
            gathered[id] = (record, [], [])
        }
        return id
    }

    /// A provider row of the merchant its `offerMerchantId` names (one with no merchant row is dropped, as the
    /// join of ``ExploreDatabase/merchant(id:)`` drops it).
    mutating func addOffer(_ row: SQLiteRow) {
        guard let id = row.text("offerMerchantId"), gathered[id] != nil else { return }
        addOffer(row, of: id)
    }

    /// A provider row of merchant `id`: an offer of a provider compiled in, else the name of the provider.
    private mutating func addOffer(_ row: SQLiteRow, of id: String) {
        guard let name = row.text("offerProvider") else { return }
        guard let provider = GiftCardProvider(databaseName: name), database.providers.contains(provider) else {
            gathered[id]?.unavailable.append(name.trimmedWhitespace)
            return
        }
        gathered[id]?.offers.append(
            ProviderRecord(
                provider: provider,
                // A blank id is kept blank: no provider call is made for it (the merchantId would be the wrong id
                // for PiggyCards).
                sourceId: row.text("offerSourceId")?.trimmedWhitespace ?? "",
                active: row.bool("offerActive"),
                savingsPercentage: row.integer("offerSavings"),
                denominationsType: DenominationsType(parsing: row.text("offerDenominations")),
                redeemType: row.text("offerRedeemType").map { $0.trimmedWhitespace.lowercased() },
                denominationValues: row.text("offerValues").flatMap(Denominations.init(listed:))
            ))
    }

    /// Each merchant's result, with its `merchantId` as stored, in the order of their first rows.
    func results() -> [(id: String, result: MerchantLookupResult)] {
        var results: [(id: String, result: MerchantLookupResult)] = []
        for id in order {
            guard let (record, found, unavailable) = gathered[id] else { continue }
            var offers = found
            if offers.isEmpty, !unavailable.isEmpty {
                results.append((id, .soldOnlyThroughUnavailableProviders(Array(Set(unavailable)).sorted())))
                continue
            }
            if !database.schema.hasProviderTable, record.paymentMethod == .giftCard, database.providers.contains(.ctx) {
                // v1–v3: a gift-card merchant is one CTX offer built from its own row.
                offers = [
                    ProviderRecord(
                        provider: .ctx, sourceId: record.merchantId, active: nil, savingsPercentage: nil,
                        denominationsType: nil, redeemType: nil, isSynthetic: true)
                ]
            }
            results.append((id, .found(ExploreMerchant(merchant: record, providers: offers))))
        }
        return results
    }
}
