import DashSpendSQLite
import DashSpendTestSupport
import Testing

@Suite("Prepared statements are cached by SQL, least recently used evicted beyond the bound")
struct StatementCacheTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "sqlite-cache") }

    func query(_ number: Int) -> String { "SELECT \(number) AS n" }

    @Test("At most the bound is kept; a reused statement moves to the front")
    func bound() throws {
        let connection = try SQLiteConnection(path: scratch.file("cache.db"), mode: .readWrite, statementCacheSize: 2)
        for number in [1, 2, 1, 3] {
            #expect(try connection.fetchOne(query(number)) { $0.integer("n") } == number)
        }
        #expect(connection.cachedStatements == [query(3), query(1)])
    }

    @Test("The default bound holds however many distinct statements run")
    func defaultBound() throws {
        let connection = try SQLiteConnection(path: scratch.file("cache.db"), mode: .readWrite)
        for number in 0..<(SQLiteConnection.defaultStatementCacheSize + 10) {
            #expect(try connection.fetchAll(query(number)) { $0.integer("n") } == [number])
        }
        #expect(connection.cachedStatements.count == SQLiteConnection.defaultStatementCacheSize)
        #expect(connection.cachedStatements.first == query(SQLiteConnection.defaultStatementCacheSize + 9))
    }

    @Test("A bound of zero keeps nothing and still runs every statement")
    func zero() throws {
        let connection = try SQLiteConnection(path: scratch.file("cache.db"), mode: .readWrite, statementCacheSize: 0)
        #expect(try connection.fetchOne(query(5)) { $0.integer("n") } == 5)
        try connection.execute("CREATE TABLE t (x)")
        try connection.execute("INSERT INTO t VALUES (?1)", [1])
        #expect(connection.cachedStatements.isEmpty)
    }

    @Test("Scripts (SQL without arguments run by execute) are not cached")
    func scripts() throws {
        let connection = try SQLiteConnection(path: scratch.file("cache.db"), mode: .readWrite)
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        #expect(connection.cachedStatements.isEmpty)
    }
}
