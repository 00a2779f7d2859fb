import DashSpendSQLite

extension ExploreDatabase {
    /// A territory (US state) and how many merchants have a location there.
    public struct Territory: Sendable, Hashable {
        /// The name as the file spells it.
        public let name: String
        /// Distinct merchants with at least one row in it.
        public let merchantCount: Int
    }

    /// Every territory named in the file, alphabetically, counting the merchants a search would show there;
    /// blank and NULL territories (online rows) are left out.
    public func territories() throws(ExploreDatabaseError) -> [Territory] {
        guard schema.merchantHas("territory") else { return [] }
        let visible = MerchantSearchSQL.visibility(schema: schema, providers: providers, includeURLRedeem: false)
        let territory = "trim(m.territory, char(32, 9, 10, 11, 12, 13))"
        let sql = """
            SELECT \(territory) AS name, COUNT(DISTINCT m.merchantId) AS merchants FROM merchant m \
            WHERE m.territory IS NOT NULL AND \(territory) <> '' AND \(visible.joined(separator: " AND ")) \
            GROUP BY \(territory) COLLATE NOCASE ORDER BY \(territory) COLLATE NOCASE
            """
        return try read { db in
            try db.fetchAll(sql) { Territory(name: $0.text("name") ?? "", merchantCount: $0.integer("merchants") ?? 0) }
        }
    }
}
