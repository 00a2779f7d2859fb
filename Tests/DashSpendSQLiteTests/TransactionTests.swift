import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Testing

@Suite("A transaction commits, or rolls back when its body throws; a second writer waits, then is busy", hangGuard(minutes: 1))
struct TransactionTests {
    struct Refusal: Error, Equatable {}

    let scratch: ScratchDirectory
    let path: String
    let connection: SQLiteConnection

    init() throws {
        scratch = try ScratchDirectory(prefix: "sqlite-transaction")
        path = scratch.file("transaction.db")
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    }

    func rows(_ connection: SQLiteConnection) throws -> [Int] {
        try connection.fetchAll("SELECT x FROM t ORDER BY x") { $0.integer("x") ?? 0 }
    }

    @Test("The body's writes are committed together and its result returned")
    func commits() throws {
        let result = try connection.transaction { db in
            try db.execute("INSERT INTO t VALUES (?1)", [1])
            try db.execute("INSERT INTO t VALUES (?1)", [2])
            return "done"
        }
        #expect(result == "done")
        #expect(!connection.isInTransaction)
        #expect(try rows(SQLiteConnection(path: path, mode: .readOnly)) == [1, 2])
    }

    @Test("A throwing body is rolled back and its own error rethrown")
    func rollsBackOnThrow() throws {
        #expect(throws: Refusal()) {
            try connection.transaction { db in
                try db.execute("INSERT INTO t VALUES (?1)", [1])
                throw Refusal()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try rows(connection) == [])
        // The connection is usable again.
        try connection.transaction { db in try db.execute("INSERT INTO t VALUES (?1)", [3]) }
        #expect(try rows(connection) == [3])
    }

    @Test("A failing statement rolls back the statements before it")
    func rollsBackOnSQLiteError() throws {
        let insert = "INSERT INTO t VALUES (?1)"
        let error = try #require(throws: SQLiteError.self) {
            try connection.transaction { db in
                try db.execute(insert, [1])
                try db.execute(insert, [1])
            }
        }
        #expect(error.code == SQLiteCodes.constraintPrimaryKey)
        #expect(error.sql == insert)
        #expect(try rows(connection) == [])
    }

    @Test("BEGIN IMMEDIATE: a second connection waits for the busy timeout, then fails with SQLITE_BUSY")
    func contention() throws {
        let holder = try SQLiteConnection(path: path, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (7);")
        let waiter = try SQLiteConnection(path: path, mode: .readWrite, busyTimeout: 0.3)
        var bodyRan = false
        let start = MonotonicClock.Instant.now
        // The body only reads: a deferred transaction would succeed. IMMEDIATE takes the write lock first.
        let error = try #require(throws: SQLiteError.self) {
            try waiter.transaction { db in
                bodyRan = true
                _ = try db.fetchAll("SELECT x FROM t") { $0.integer("x") }
            }
        }
        let waited = (MonotonicClock.Instant.now - start).seconds
        #expect(error.isBusy)
        #expect(error.primaryCode == SQLiteCodes.busy)
        #expect(!bodyRan)
        #expect(waited >= 0.25, "gave up after \(waited) s")
        #expect(!waiter.isInTransaction)

        try holder.execute("COMMIT")
        try waiter.transaction { db in try db.execute("INSERT INTO t VALUES (?1)", [8]) }
        #expect(try rows(holder) == [7, 8])
    }
}
