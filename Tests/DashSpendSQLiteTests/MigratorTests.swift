import DashSpendLocking
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("The migrator applies named migrations once, in order, records them, and refuses a newer database")
struct MigratorTests {
    /// How many times each migration body ran.
    final class Runs: Sendable {
        let counts = Locked<[String: Int]>([:])
        func record(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        subscript(name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
    }

    let scratch: ScratchDirectory
    let path: String
    let runs = Runs()

    init() throws {
        scratch = try ScratchDirectory(prefix: "sqlite-migrator")
        path = scratch.file("migrated.db")
    }

    /// `create` makes table `item`; `add-price` adds a column to it (so it must run second).
    var create: SQLiteMigration {
        let runs = runs
        return SQLiteMigration("create") { db throws(SQLiteError) in
            runs.record("create")
            try db.execute("CREATE TABLE item (name TEXT NOT NULL)")
        }
    }
    var addPrice: SQLiteMigration {
        let runs = runs
        return SQLiteMigration("add-price") { db throws(SQLiteError) in
            runs.record("add-price")
            try db.execute("ALTER TABLE item ADD COLUMN price INTEGER")
        }
    }

    func columns(_ connection: SQLiteConnection) throws -> [String] {
        try connection.fetchAll("SELECT name FROM pragma_table_info('item') ORDER BY cid") { $0.text("name") ?? "" }
    }

    @Test("Migrations run once, in order, and are recorded by name with the time")
    func appliesOnce() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        let migrator = SQLiteMigrator([create, addPrice])
        try migrator.migrate(connection)
        try migrator.migrate(connection)
        try migrator.migrate(SQLiteConnection(path: path, mode: .readWrite))
        #expect(runs["create"] == 1)
        #expect(runs["add-price"] == 1)
        #expect(try columns(connection) == ["name", "price"])
        #expect(try migrator.appliedMigrations(connection) == ["create", "add-price"])
        let stamps = try connection.fetchAll("SELECT applied_at FROM \(SQLiteMigrator.defaultTable) ORDER BY rowid") {
            $0.text("applied_at") ?? ""
        }
        #expect(stamps.count == 2)
        #expect(stamps.allSatisfy { $0.count == 24 && $0.hasSuffix("Z") }, "\(stamps)")
    }

    @Test("A migration added later is the only one applied")
    func appliesNewOnly() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try SQLiteMigrator([create]).migrate(connection)
        try connection.execute("INSERT INTO item (name) VALUES (?1)", ["kept"])
        try SQLiteMigrator([create, addPrice]).migrate(connection)
        #expect(runs["create"] == 1)
        #expect(runs["add-price"] == 1)
        #expect(try connection.fetchAll("SELECT name FROM item") { $0.text("name") } == ["kept"])
    }

    @Test("A database with a migration this build does not know is refused and left alone")
    func refusesNewer() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try SQLiteMigrator([create, addPrice]).migrate(connection)
        let older = SQLiteMigrator([create, SQLiteMigration("rename", sql: "ALTER TABLE item RENAME TO thing")])
        let error = try #require(throws: SQLiteError.self) { try older.migrate(connection) }
        #expect(error.isNewerSchema)
        #expect(error.unknownMigrations == ["add-price"])
        #expect(error.message.contains("add-price"))
        #expect(try SQLiteMigrator([create, addPrice]).appliedMigrations(connection) == ["create", "add-price"])
        #expect(try columns(connection) == ["name", "price"])
        // An ordinary SQLite error is not mistaken for it.
        let plain = try #require(throws: SQLiteError.self) { try connection.execute("SELEC 1") }
        #expect(!plain.isNewerSchema)
    }

    @Test("A failing migration rolls back every migration of the run, and names its statement")
    func failureRollsBack() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        let broken = SQLiteMigration("broken", sql: "CREATE TABLE other (x); INSERT INTO missing VALUES (1);")
        let error = try #require(throws: SQLiteError.self) { try SQLiteMigrator([create, broken]).migrate(connection) }
        #expect(error.primaryCode == SQLiteCodes.error)
        #expect(error.sql == "INSERT INTO missing VALUES (1);")
        #expect(!connection.isInTransaction)
        #expect(try SQLiteMigrator([create, broken]).appliedMigrations(connection) == [])
        let tables = try connection.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text("name") }
        #expect(tables.compactMap { $0 }.filter { $0 != SQLiteMigrator.defaultTable } == [])
        // Fixed, it applies from the start.
        try SQLiteMigrator([create, addPrice]).migrate(connection)
        #expect(try columns(connection) == ["name", "price"])
    }

    @Test("The record table can be named; an up-to-date read-only file needs no write")
    func customTableReadOnly() throws {
        let migrator = SQLiteMigrator([create], table: "schema_steps")
        try migrator.migrate(SQLiteConnection(path: path, mode: .readWrite))
        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        try migrator.migrate(reader)
        #expect(try migrator.appliedMigrations(reader) == ["create"])
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteMigrator([create, addPrice], table: "schema_steps").migrate(reader)
        }
        #expect(error.primaryCode == SQLiteCodes.readOnly)
    }
}
