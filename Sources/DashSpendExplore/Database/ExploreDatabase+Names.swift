package import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// A merchant's id, name and type: what a "did you mean" needs.
    package struct NamedMerchant: Sendable, Hashable {
        /// The logical merchant key.
        package let merchantId: String
        /// The name as the file spells it.
        package let name: String
        /// Online, physical or both.
        package let type: MerchantType
    }

    /// Every merchant a list shows (one per merchantId, URL-redeemed ones included), by name: the names a
    /// name that was not found is compared with.
    package func namedMerchants() throws(ExploreDatabaseError) -> [NamedMerchant] {
        let visible = MerchantSearchSQL.visibility(schema: schema, providers: providers, includeURLRedeem: true)
        let type = schema.merchantHas("type") ? "m.type" : "NULL"
        let sql = """
            SELECT m.merchantId AS merchantId, MIN(m.name) AS name, MIN(\(type)) AS type FROM merchant m \
            WHERE \(visible.joined(separator: " AND ")) GROUP BY m.merchantId ORDER BY name COLLATE NOCASE
            """
        return try read { db in
            try db.fetchAll(sql) {
                NamedMerchant(
                    merchantId: $0.text("merchantId") ?? "", name: $0.text("name") ?? "",
                    type: MerchantType(parsing: $0.text("type")))
            }
        }
    }

    /// The ids of every merchant named `name` (accents and case folded), whichever providers sell it and
    /// whether or not this build shows it: so that a merchant hidden by name is explained as by id.
    package func merchantIds(namedEvenIfHidden name: String) throws(ExploreDatabaseError) -> [String] {
        let sql = """
            SELECT DISTINCT merchantId FROM merchant WHERE merchantId IS NOT NULL AND merchantId <> '' \
            AND \(Self.foldedNameEquals("name")) ORDER BY merchantId
            """
        let folded = SQLiteValue.text(NameMatching.folded(name))
        return try read { db in
            try db.fetchAll(sql, [folded, folded]) { $0.text("merchantId") ?? "" }
        }
    }

    /// The merchants whose names are closest to `name` (``NameMatching/suggestions(for:among:limit:)``), best
    /// first, at most `limit`: the "did you mean" of a name not found. Reads every visible merchant's name
    /// once; the work per name is bounded by the name, not by `name`.
    package func closestMerchants(to name: String, limit: Int = 3) throws(ExploreDatabaseError) -> [MerchantCandidate] {
        let names = try namedMerchants()
        let closest = NameMatching.suggestions(for: name, among: names.map(\.name), limit: limit)
        return closest.compactMap { name in
            names.first { $0.name == name }.map { MerchantCandidate(merchantId: $0.merchantId, name: $0.name, type: $0.type) }
        }
    }
}
