import DashSpendSQLite
import Foundation

/// Small explore files and archives for the `sync` tests: each database has one recognisable Dash merchant
/// (so a search shows which file is in use) and one ATM.
package enum SyncFixture {
    /// Writes a v4 explore file `name` in `directory` whose one merchant is called `merchant`.
    @discardableResult
    package static func database(named name: String, merchant: String, in directory: ScratchDirectory) throws -> String {
        let quoted = merchant.replacingOccurrences(of: "'", with: "''")
        return try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, territory, city)
                VALUES (1, 'sync-1', '\(quoted)', 'physical', 'dash', 1, 'DCG', 'sync-1', 'Texas', 'Austin');
                INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city)
                VALUES (1, 'Sync ATM', 'General Bytes', 1, 30.27, -97.74, 'Texas', 'Austin');
                """, named: name, in: directory)
    }

    /// Writes a v4 explore file whose `merchant` table is empty.
    @discardableResult
    package static func emptyDatabase(named name: String, in directory: ScratchDirectory) throws -> String {
        try FixtureDatabase.make(version: 4, rows: "", named: name, in: directory)
    }

    /// Writes an SQLite file that is not an explore database (one table `t`).
    @discardableResult
    package static func nonExploreDatabase(named name: String, in directory: ScratchDirectory) throws -> String {
        let path = directory.file(name)
        try SQLiteConnection(path: path, mode: .readWrite).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        return path
    }

    /// The bytes of the file at `path` (empty when it does not exist).
    package static func bytes(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// What the explore file at `path` holds, as text: its merchant and ATM rows. An import adds indexes,
    /// so the imported copy is compared with its source by contents, not bytes.
    package static func contents(_ path: String) throws -> String {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        return try connection.read { db in
            let merchants = try db.fetchAll("SELECT merchantId, name, city FROM merchant ORDER BY id") {
                [$0.text("merchantId"), $0.text("name"), $0.text("city")].map { $0 ?? "NULL" }.joined(separator: "|")
            }
            let atms = try db.fetchAll("SELECT name, manufacturer FROM atm ORDER BY id") {
                [$0.text("name"), $0.text("manufacturer")].map { $0 ?? "NULL" }.joined(separator: "|")
            }
            return (merchants + ["--"] + atms).joined(separator: "\n")
        }
    }

    /// The names of the indexes the import adds (`dashspend_*`) in the file at `path`.
    package static func lookupIndexes(_ path: String) throws -> [String] {
        try SQLiteConnection(path: path, mode: .readOnly).read { db in
            try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'dashspend_%' ORDER BY name") {
                $0.text("name") ?? ""
            }
        }
    }

    /// Writes `bytes` to `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Runs `Fixtures/Sync/make_winzip_aes.py` (an independent writer: Python `cryptography` and zlib) to turn
    /// the database at `databasePath` into an explore ZIP at `path`. Returns nil when `python3` with the
    /// `cryptography` package is not available, so callers can skip with that reason.
    package static func pythonArchive(
        databaseAt databasePath: String, to path: String, timestamp: Int64,
        vendorVersion: Int = 2
    ) throws -> String? {
        guard try runPython(["-c", "import cryptography"]) == 0 else { return nil }
        let script = FixtureDatabase.packageRoot + "/Fixtures/Sync/make_winzip_aes.py"
        let status = try runPython([script, databasePath, path, String(timestamp), "--ae", String(vendorVersion)])
        guard status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    /// Whether `python3 -c "import cryptography"` succeeds.
    static var pythonCryptographyAvailable: Bool {
        (try? runPython(["-c", "import cryptography"])) == 0
    }

    /// Whether the Python cross-check must run: `python3` has `cryptography`, or the environment variable
    /// `CI` is set (to anything but `false` or `0`), where a missing tool must fail the run instead of skipping
    /// the check quietly.
    package static var pythonCrossCheckRequired: Bool {
        pythonCryptographyAvailable || CIEnvironment.isCI
    }

    private static func runPython(_ arguments: [String]) throws -> Int32 {
        (try? ChildProcess.run("/usr/bin/env", ["python3"] + arguments))?.status ?? 127
    }
}
