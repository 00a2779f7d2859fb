import DashSpendSQLite

/// The indexes the shipped explore file lacks and the library's lookups need, added to the project's own
/// imported copy (never to a user's file).
///
/// Measured with `explore-benchmark` on a 205,000-row file: `merchant(merchantId)` takes `show` from a
/// 45 ms table scan to 0.03 ms, and with `gift_card_providers(merchantId)` the provider-filtered page is
/// about 2x faster. The copy is also switched from WAL to a rollback journal, so it is one
/// self-contained file.
package enum LookupIndexes {
    /// The statements, in the order they run.
    package static let statements = [
        "CREATE INDEX IF NOT EXISTS dashspend_merchant_merchantId ON merchant(merchantId)",
        "CREATE INDEX IF NOT EXISTS dashspend_gift_card_providers_merchantId ON gift_card_providers(merchantId)",
    ]

    /// Adds the indexes whose tables exist in the file at `path` (a staged copy this process owns), in one
    /// transaction. `maximumPageCount` (tests) caps the file's growth, as a full disk would.
    static func add(to path: String, maximumPageCount: Int? = nil) throws(SQLiteError) {
        let connection = try open(path)
        try connection.execute("PRAGMA journal_mode = DELETE")
        if let maximumPageCount { try connection.execute("PRAGMA max_page_count = \(maximumPageCount)") }
        do {
            try connection.transaction { db in
                let tables = Set(
                    try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text("name") ?? "" })
                if tables.contains("merchant") { try db.execute(statements[0]) }
                if tables.contains("gift_card_providers") { try db.execute(statements[1]) }
            }
        } catch {
            throw SQLiteError(error)
        }
    }

    /// Opens the staged file read-write. Its contents came from the downloaded file, so the connection is
    /// defensive: no schema writes through SQL, no side-effecting functions from its views or triggers.
    static func open(_ path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.configureDefensive()
        return connection
    }
}
