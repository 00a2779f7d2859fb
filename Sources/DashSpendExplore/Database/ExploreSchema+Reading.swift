package import DashSpendSQLite

extension ExploreSchema {
    /// The tables the schema reads the columns of; `merchant` must exist.
    private static let readTables = ["merchant", "atm", "gift_card_providers"]
    /// The tables whose indexes on `merchantId` make a lookup by id a seek.
    private static let indexedTables: Set<String> = ["merchant", "gift_card_providers"]

    /// Reads the schema of the file `db` reads, in one read of `sqlite_master`: each table's columns and each
    /// index's first column from its `CREATE` statement (`SchemaStatement`), a pragma only for a statement of
    /// another shape (or for all, when `readingStatements` is false: how a test checks the two agree).
    ///
    /// Throws ``ExploreDatabaseError/notExploreDatabase(path:reason:)`` (with `origin`) for a file without a
    /// `merchant` table with a `merchantId` column, and what SQLite throws.
    package static func read(
        _ db: borrowing SQLiteConnection.Access, origin: String, readingStatements: Bool = true
    ) throws -> ExploreSchema {
        let master = try db.fetchAll("SELECT type, name, tbl_name, sql FROM sqlite_master") { row in
            (type: row.text("type") ?? "", name: row.text("name") ?? "", table: row.text("tbl_name") ?? "", sql: row.text("sql"))
        }
        let tables = Set(master.filter { $0.type == "table" || $0.type == "view" }.map(\.name))
        guard tables.contains("merchant") else {
            throw ExploreDatabaseError.notExploreDatabase(path: origin, reason: "it has no merchant table")
        }
        var columns: [String: Set<String>] = [:]
        for table in readTables where tables.contains(table) {
            let statement = master.first { $0.type == "table" && $0.name == table }?.sql
            if readingStatements, let names = statement.flatMap(SchemaStatement.columns(ofTable:)) {
                columns[table] = Set(names)
            } else {
                columns[table] = Set(
                    try db.fetchAll("SELECT name FROM pragma_table_info(?1)", [.text(table)]) { $0.text("name") ?? "" })
            }
        }
        guard columns["merchant", default: []].contains("merchantId") else {
            throw ExploreDatabaseError.notExploreDatabase(path: origin, reason: "merchant has no merchantId column")
        }
        // Indexes a constraint made have no statement, and lead with no column a lookup by id could use.
        var indexedByMerchantId: Set<String> = []
        for index in master where index.type == "index" && indexedTables.contains(index.table) {
            guard let statement = index.sql, mentionsMerchantId(statement) else { continue }
            let leading: String?
            if readingStatements, let column = SchemaStatement.leadingColumn(ofIndex: statement) {
                leading = column
            } else {
                leading =
                    try db.fetchOne("SELECT name FROM pragma_index_info(?1) WHERE seqno = 0", [.text(index.name)]) {
                        $0.text("name")
                    } ?? nil
            }
            if leading?.lowercased() == "merchantid" { indexedByMerchantId.insert(index.table) }
        }
        let userVersion = try db.fetchOne("PRAGMA user_version") { $0.integer("user_version") ?? 0 } ?? 0
        return ExploreSchema(
            tables: tables, merchantColumns: columns["merchant", default: []], atmColumns: columns["atm", default: []],
            providerColumns: columns["gift_card_providers", default: []], indexedByMerchantId: indexedByMerchantId,
            userVersion: userVersion)
    }

    /// Whether `statement` has `merchantId` in it, in any case (ASCII): a byte scan, where a `String`
    /// search took 200,000 instructions a statement.
    private static func mentionsMerchantId(_ statement: String) -> Bool {
        let wanted = Array("merchantid".utf8)
        let bytes = Array(statement.utf8)
        guard bytes.count >= wanted.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { offset in
                let byte = bytes[start + offset]
                return ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte) == wanted[offset]
            }
        }
    }
}
