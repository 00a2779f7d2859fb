extension ExploreDatabase {
    /// A territory (US state) and how many merchants have a location there.
    public struct Territory: Sendable, Hashable {
        /// The name as the file spells it.
        public let name: String
        /// Distinct merchants with at least one row in it.
        public let merchantCount: Int
    }

    /// Every territory named in the file, alphabetically; blank and NULL territories (online rows) are left out.
    public func territories() throws(ExploreDatabaseError) -> [Territory] {
        guard schema.merchantHas("territory") else { return [] }
        let sql = """
            SELECT trim(territory) AS name, COUNT(DISTINCT merchantId) AS merchants FROM merchant \
            WHERE territory IS NOT NULL AND trim(territory) <> '' AND merchantId IS NOT NULL \
            GROUP BY trim(territory) COLLATE NOCASE ORDER BY trim(territory) COLLATE NOCASE
            """
        return try read { db in
            try db.map(sql) { Territory(name: $0.text("name") ?? "", merchantCount: $0.integer("merchants") ?? 0) }
        }
    }
}
