import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// Finds a merchant by `merchantId` with all its provider rows, in one statement.
    ///
    /// The representative row is the merchant's online row when it has one (else its lowest `id`).
    public func merchant(id merchantId: String) throws(ExploreDatabaseError) -> MerchantLookupResult {
        var record: MerchantRecord?
        var offers: [ProviderRecord] = []
        var unavailable: [String] = []
        try read { db in
            try db.forEach(merchantSQL, [.text(merchantId)]) { row in
                if record == nil { record = MerchantRecord(row: row) }
                guard let name = row.text("offerProvider") else { return }
                guard let provider = GiftCardProvider(databaseName: name), providers.contains(provider) else {
                    unavailable.append(name.trimmedWhitespace)
                    return
                }
                offers.append(
                    ProviderRecord(
                        provider: provider,
                        // A blank id is kept blank: no provider call is made for it (the merchantId would be the
                        // wrong id for PiggyCards).
                        sourceId: row.text("offerSourceId")?.trimmedWhitespace ?? "",
                        active: row.bool("offerActive"),
                        savingsPercentage: row.integer("offerSavings"),
                        denominationsType: DenominationsType(parsing: row.text("offerDenominations")),
                        redeemType: row.text("offerRedeemType").map { $0.trimmedWhitespace.lowercased() }
                    ))
            }
        }
        guard let record else { return .notFound }
        if offers.isEmpty, !unavailable.isEmpty {
            return .soldOnlyThroughUnavailableProviders(Array(Set(unavailable)).sorted())
        }
        if !schema.hasProviderTable, record.paymentMethod == .giftCard, providers.contains(.ctx) {
            // v1–v3: a gift-card merchant is one CTX offer built from its own row.
            offers = [
                ProviderRecord(
                    provider: .ctx, sourceId: record.merchantId, active: nil, savingsPercentage: nil,
                    denominationsType: nil, redeemType: nil, isSynthetic: true)
            ]
        }
        return .found(ExploreMerchant(merchant: record, providers: offers))
    }

    /// The statement that reads one merchant (`?1` = merchantId) with all its provider rows.
    static func merchantSQL(for schema: ExploreSchema) -> String {
        let columns = ExploreColumns.select(ExploreColumns.merchant, from: schema.merchantColumns, alias: "m")
        // MIN() makes SQLite take the bare columns from the row it picks: rows without coordinates first.
        let merchantQuery = """
            SELECT \(columns), COUNT(m.latitude) AS locationCount, \
            MIN((m.latitude IS NOT NULL) * 4294967296 + m.rowid) AS representative \
            FROM merchant m WHERE m.merchantId = ?1
            """
        if schema.hasProviderTable {
            let column = { (name: String) in schema.providerColumn(name, alias: "g") }
            return """
                SELECT found.*, g.provider AS offerProvider, \(column("sourceId")) AS offerSourceId, \
                \(column("active")) AS offerActive, \(column("savingsPercentage")) AS offerSavings, \
                \(column("denominationsType")) AS offerDenominations, \(column("redeemType")) AS offerRedeemType, \
                \(schema.providerColumns.contains("id") ? "g.id" : "g.rowid") AS offerOrder \
                FROM (\(merchantQuery)) found LEFT JOIN gift_card_providers g ON g.merchantId = found.merchantId \
                WHERE found.representative IS NOT NULL ORDER BY offerOrder
                """
        } else {
            return "SELECT * FROM (\(merchantQuery)) WHERE representative IS NOT NULL"
        }
    }
}
