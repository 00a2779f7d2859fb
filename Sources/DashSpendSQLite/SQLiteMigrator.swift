/// Brings a database's schema up to date: applies the named migrations it has not applied yet, once and in
/// order, inside one `BEGIN IMMEDIATE` transaction, and records each by name in a table of the database
/// (`dashspend_migrations(name TEXT PRIMARY KEY, applied_at TEXT)`).
///
/// A database that records a migration this migrator does not know was written by a newer version of the
/// program; ``migrate(_:)`` refuses it with ``SQLiteError/isNewerSchema`` and changes nothing.
/// Two processes migrating the same file at once are safe: the second waits for the first's transaction
/// (up to its busy timeout) and then finds the migrations recorded.
package struct SQLiteMigrator: Sendable {
    /// The name of the table that records applied migrations unless told otherwise.
    package static let defaultTable = "dashspend_migrations"

    /// The migrations, in the order they are applied.
    package let migrations: [SQLiteMigration]
    /// The table that records them.
    package let table: String

    /// A migrator for `migrations` (their names must be distinct), recorded in `table` (letters, digits
    /// and `_`).
    package init(_ migrations: [SQLiteMigration], table: String = defaultTable) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names must be distinct")
        precondition(
            !table.isEmpty
                && table.utf8.allSatisfy { byte in
                    byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                },
            "the migrations table name must be letters, digits and _")
        self.migrations = migrations
        self.table = table
    }

    /// Applies the migrations `connection`'s database has not recorded, in order, in one transaction; a
    /// failure rolls them all back. Throws ``SQLiteError/isNewerSchema`` when the database records a
    /// migration this migrator does not know.
    package func migrate(_ connection: SQLiteConnection) throws(SQLiteError) {
        // Up to date (the common case on every open): no write lock taken.
        if try isUpToDate(connection) { return }
        do {
            try connection.transaction { db in
                try db.execute(
                    "CREATE TABLE IF NOT EXISTS \(table) (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
                // Read again under the write lock: another connection may have migrated meanwhile.
                let applied = try db.fetchAll("SELECT name FROM \(table) ORDER BY rowid") { $0.text("name") ?? "" }
                try refuseUnknown(applied)
                for migration in migrations where !applied.contains(migration.name) {
                    try migration.apply(db)
                    try db.execute(
                        "INSERT INTO \(table) (name, applied_at) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                        [.text(migration.name)])
                }
            }
        } catch {
            throw SQLiteError(error)
        }
    }

    /// Whether `connection`'s database records every migration, found without writing (a missing file
    /// opened empty records none). Throws ``SQLiteError/isNewerSchema`` when it records one this migrator
    /// does not know.
    package func isUpToDate(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        let recorded = try appliedMigrations(connection)
        try refuseUnknown(recorded)
        return migrations.allSatisfy { recorded.contains($0.name) }
    }

    /// The names of the migrations `connection`'s database records, in the order they were applied
    /// (empty when it has no migrations table).
    package func appliedMigrations(_ connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        do {
            return try connection.read { db in
                let exists = try db.fetchOne(
                    "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(table)]
                ) { _ in true }
                guard exists == true else { return [] }
                return try db.fetchAll("SELECT name FROM \(table) ORDER BY rowid") { $0.text("name") ?? "" }
            }
        } catch {
            throw SQLiteError(error)
        }
    }

    private func refuseUnknown(_ applied: [String]) throws(SQLiteError) {
        let known = Set(migrations.map(\.name))
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw SQLiteError.newerSchema(unknownMigrations: unknown, table: table) }
    }
}
