import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// Counts and facts about the file (a handful of aggregate statements).
    public func info() throws(ExploreDatabaseError) -> ExploreDatabaseInfo {
        let tables = try read { db in
            Set(try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text("name") ?? "" })
        }
        return try read { db in
            let counts = try db.fetchOne(
                """
                SELECT COUNT(*) AS rows, COUNT(DISTINCT CASE WHEN trim(merchantId) <> '' THEN merchantId END) AS ids, \
                SUM(merchantId IS NULL OR trim(merchantId) = '') AS skipped FROM merchant
                """
            ) { (rows: $0.integer("rows") ?? 0, ids: $0.integer("ids") ?? 0, skipped: $0.integer("skipped") ?? 0) }
            var providerRows: [String: Int] = [:]
            if schema.hasProviderTable {
                try db.forEach("SELECT provider, COUNT(*) AS rows FROM gift_card_providers GROUP BY provider") { row in
                    providerRows[row.text("provider") ?? "(none)", default: 0] += row.integer("rows") ?? 0
                }
            }
            let ignored = providerRows.filter { name, _ in
                guard let provider = GiftCardProvider(databaseName: name) else { return true }
                return !providers.contains(provider)
            }.values.reduce(0, +)
            let atms =
                schema.atmColumns.isEmpty ? 0 : try db.fetchOne("SELECT COUNT(*) AS n FROM atm") { $0.integer("n") ?? 0 } ?? 0
            let hash =
                tables.contains("room_master_table")
                ? try db.fetchOne("SELECT identity_hash FROM room_master_table WHERE id = 42") { $0.text("identity_hash") } ?? nil
                : nil
            return ExploreDatabaseInfo(
                origin: origin, version: schema.version, userVersion: schema.userVersion, identityHash: hash,
                merchantRows: counts?.rows ?? 0, merchantIds: counts?.ids ?? 0, providerRows: providerRows,
                atms: atms, skippedMerchantRows: counts?.skipped ?? 0, ignoredProviderRows: ignored,
                hasSearchIndex: schema.hasMerchantSearchIndex)
        }
    }

    /// Runs `PRAGMA quick_check` and throws ``ExploreDatabaseError/corrupt(path:detail:)`` when SQLite finds
    /// damage. It reads the whole file: callers remember a file they have checked (see the CLI).
    public func verifyIntegrity() throws(ExploreDatabaseError) {
        let problems = try read { db in
            try db.fetchAll("PRAGMA quick_check(5)") { $0.text("quick_check") ?? "" }
        }
        guard problems == ["ok"] else {
            throw .corrupt(path: origin, detail: "quick_check: " + (problems.first ?? "no answer"))
        }
    }
}
