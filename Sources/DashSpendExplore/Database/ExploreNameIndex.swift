import DashSpendCore
import DashSpendSQLite

/// A side index of an explore file's names, folded once (accents, case, whitespace) instead of on every query:
/// a small SQLite file the client keeps in its state directory, never written into the wallets' file.
///
/// It holds each `merchant` row's folded name (an exact-name lookup is an index search); the folded names of
/// the rows whose names fold differently from SQLite's `lower()` (a search adds them to what the FTS index
/// finds); one name per merchant with its folded form, in the order lists show them, and its providers written
/// out (the "did you mean" of a name not found reads them in one pass instead of grouping the whole file);
/// each merchantId's `merchant` rows and `gift_card_providers` rows (a lookup by id and its offers read by
/// rowid, on a file that indexes neither table by `merchantId`); each merchant's providers, cleaned and keyed by
/// merchant (whether this build hides a merchant is two lookups, not a pass over the table); and the rows
/// redeemed through a URL, which lists hide (their `redeemType` cleaned once, not on every row a search reads).
/// It is built for one version of one explore file, named by `key`; a file that changes (a sync replaces it)
/// gets a new index. ``ExploreDatabase/attachNameIndex(_:key:)`` uses it.
package enum ExploreNameIndex {
    /// The schema name the index is attached under on the explore connection.
    static let schemaName = "dashspend_names"
    /// The layout of the tables; a file of another layout is rebuilt.
    static let format = "names-6"

    /// The key the index at `path` was built for, nil when there is none or it cannot be read.
    package static func key(at path: String) -> String? {
        guard case .sqlite = DatabaseFileHeader(path: path).kind else { return nil }
        // An index that cannot be read has no key: it is built again, which is what a missing one gets.
        guard let connection = try? SQLiteConnection(path: path, mode: .immutable) else { return nil }
        // A meta table that cannot be read gives no key: the index is built again, as a missing one is.
        let stored = try? connection.fetchOne("SELECT key FROM meta") { $0.text("key") ?? "" }
        return stored.flatMap { $0.hasPrefix(format + " ") ? String($0.dropFirst(format.count + 1)) : nil }
    }

    /// Writes the index of the explore file at `explorePath` into `path` (an empty or missing file, which the
    /// caller renames into place when this returns), recording `key`. Reads the explore file immutable, once.
    package static func build(explorePath: String, into path: String, key: String) throws(ExploreDatabaseError) {
        do {
            try write(explorePath: explorePath, into: path, key: key)
        } catch let error as SQLiteError {
            throw .queryFailed(error)
        } catch {
            throw .queryFailed(SQLiteError(code: -1, message: "\(error)"))
        }
    }

    private static func write(explorePath: String, into path: String, key: String) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.defineTextFunction(ExploreDatabase.foldFunction, NameMatching.folded)
        // A new file renamed into place only once complete: no journal is needed to keep it whole.
        try connection.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        try connection.execute(
            "ATTACH DATABASE '\(SQLiteConnection.fileURI(explorePath).replacingEvery("'", with: "''"))?immutable=1' AS explore")
        let columns = Set(
            try connection.fetchAll("SELECT name FROM explore.pragma_table_info('merchant')") { $0.text("name") ?? "" })
        let type = columns.contains("type") ? "MIN(type)" : "NULL"
        // Rows redeemed through a URL, as the visibility condition cleans `redeemType` (none before v2).
        let urlRows =
            columns.contains("redeemType")
            ? "INSERT INTO url_row SELECT rowid FROM explore.merchant WHERE \(SQLText.clean("redeemType")) = 'url' ORDER BY 1;"
            : ""
        let hasProviders =
            try connection.fetchOne(
                "SELECT 1 AS found FROM explore.sqlite_master WHERE type IN ('table', 'view') AND name = 'gift_card_providers'"
            ) { $0.integer("found") } != nil
        // Each merchant's providers, cleaned as the visibility condition compares them, and its provider rows
        // (the join `g.merchantId = merchant.merchantId` reads them by rowid).
        let providerRows =
            hasProviders
            ? """
            INSERT INTO merchant_provider SELECT DISTINCT merchantId, \(SQLText.clean("provider")) FROM explore.gift_card_providers
              WHERE merchantId IS NOT NULL AND provider IS NOT NULL ORDER BY 1, 2;
            INSERT INTO provider_row SELECT merchantId, rowid FROM explore.gift_card_providers
              WHERE merchantId IS NOT NULL ORDER BY 1, 2;
            """ : ""
        let folded =
            "CASE WHEN \(ExploreDatabase.needsFolding("name")) THEN \(ExploreDatabase.foldFunction)(name) ELSE lower(name) END"
        let quotedKey = (format + " " + key).replacingEvery("'", with: "''")
        try connection.execute(
            """
            BEGIN;
            CREATE TABLE meta (key TEXT NOT NULL);
            INSERT INTO meta VALUES ('\(quotedKey)');
            CREATE TABLE folded_name (folded TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (folded, row)) WITHOUT ROWID;
            INSERT INTO folded_name SELECT \(folded), rowid FROM explore.merchant WHERE name IS NOT NULL ORDER BY 1, 2;
            CREATE TABLE accented (row INTEGER PRIMARY KEY, folded TEXT NOT NULL);
            INSERT INTO accented SELECT rowid, \(ExploreDatabase.foldFunction)(name) FROM explore.merchant \
            WHERE \(ExploreDatabase.needsFolding("name")) ORDER BY rowid;
            CREATE TABLE merchant_row (merchantId TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (merchantId, row))
              WITHOUT ROWID;
            INSERT INTO merchant_row SELECT merchantId, rowid FROM explore.merchant
              WHERE merchantId IS NOT NULL AND merchantId <> '' ORDER BY 1, 2;
            CREATE TABLE merchant_provider (merchantId TEXT NOT NULL, provider TEXT NOT NULL,
              PRIMARY KEY (merchantId, provider)) WITHOUT ROWID;
            CREATE TABLE provider_row (merchantId TEXT NOT NULL, row INTEGER NOT NULL, PRIMARY KEY (merchantId, row))
              WITHOUT ROWID;
            \(providerRows)
            CREATE TABLE url_row (row INTEGER PRIMARY KEY);
            \(urlRows)
            CREATE TABLE merchant_name (name TEXT NOT NULL, merchantId TEXT NOT NULL, folded TEXT NOT NULL, type TEXT,
              providers TEXT, PRIMARY KEY (name COLLATE NOCASE, merchantId)) WITHOUT ROWID;
            INSERT INTO merchant_name SELECT name, merchantId, \(folded), type,
              (SELECT ',' || group_concat(hex(p.provider), ',') || ',' FROM merchant_provider p WHERE p.merchantId = x.merchantId)
              FROM (SELECT merchantId, COALESCE(MIN(name), '') AS name, \(type) AS type FROM explore.merchant
              WHERE merchantId IS NOT NULL AND merchantId <> '' GROUP BY merchantId) x ORDER BY name COLLATE NOCASE, merchantId;
            COMMIT;
            DETACH DATABASE explore;
            """)
    }
}
