import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// Searches the ATMs in the same file: by name or manufacturer, near a point (nearest first), else by name.
    /// One statement per page. A file without an `atm` table has none.
    public func atms(_ search: ATMSearch) throws(ExploreDatabaseError) -> [ATMRecord] {
        guard !schema.atmColumns.isEmpty else { return [] }
        var conditions: [String] = ["1"]
        var arguments: [SQLiteValue] = []
        if let text = search.text?.trimmedWhitespace, !text.isEmpty {
            if schema.hasATMSearchIndex, let match = SQLText.ftsPhrasePrefix(text) {
                conditions.append("a.rowid IN (SELECT docid FROM atm_fts WHERE atm_fts MATCH ?)")
                arguments.append(.text(match))
            } else {
                let manufacturer = schema.atmColumns.contains("manufacturer") ? " OR a.manufacturer LIKE ? ESCAPE '\\'" : ""
                conditions.append("(a.name LIKE ? ESCAPE '\\'\(manufacturer))")
                arguments.append(.text(SQLText.likeContains(text)))
                if !manufacturer.isEmpty { arguments.append(.text(SQLText.likeContains(text))) }
            }
        }
        if let kind = search.kind {
            // By the type's words, as ATMKind(type:) reads them: a buy-and-sell ATM serves both.
            let buys = "lower(a.type) LIKE '%buy%'"
            let sells = "lower(a.type) LIKE '%sell%'"
            guard schema.atmColumns.contains("type") else { return [] }
            switch kind {
            case .buy: conditions.append(buys)
            case .sell: conditions.append(sells)
            case .buyAndSell: conditions += [buys, sells]
            }
        }
        if let territory = search.territory?.trimmedWhitespace, !territory.isEmpty {
            guard schema.atmColumns.contains("territory") else { return [] }
            conditions.append("\(SQLText.clean("a.territory")) = lower(?)")
            arguments.append(.text(territory))
        }
        var order = "a.name COLLATE NOCASE, a.rowid"
        if let near = search.near {
            let geo = GeoFilterSQL(near: near, radiusKm: search.radiusKm, alias: "a")
            conditions += geo.conditions
            arguments += geo.arguments
            order = "\(geo.distanceExpression), a.rowid"
        }
        let columns = ExploreColumns.select(
            ExploreColumns.location + ["manufacturer", "type", "postcode", "website"], from: schema.atmColumns, alias: "a")
        let sql = "SELECT \(columns) FROM atm a WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT ? OFFSET ?"
        arguments += [.integer(Int64(max(search.limit, 0))), .integer(Int64(max(search.offset, 0)))]
        return try read { db in
            try db.fetchAll(sql, arguments) { row in
                ATMRecord(
                    location: MerchantLocation(row: row, near: search.near),
                    manufacturer: row.text("manufacturer"), type: row.text("type"), postcode: row.text("postcode"),
                    website: MerchantRecord.normalizedWebsite(row.text("website")))
            }
        }
    }
}
