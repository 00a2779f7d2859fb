import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("fetchOne stops at the first row; fetchAll reads them all")
struct FetchTests {
    let scratch: ScratchDirectory
    let connection: SQLiteConnection

    init() throws {
        scratch = try ScratchDirectory(prefix: "sqlite-fetch")
        connection = try SQLiteConnection(path: scratch.file("fetch.db"), mode: .readWrite)
        try connection.execute(
            "CREATE TABLE t (x INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');")
    }

    /// Its first row is fine; computing its second raises "malformed JSON".
    static let failsOnSecondRow = """
        WITH t(x) AS (VALUES (1), (2)) SELECT CASE x WHEN 1 THEN 'first' ELSE json('{' || x) END AS v FROM t
        """

    @Test("fetchOne returns the first row without computing the second")
    func fetchOneStops() throws {
        #expect(try connection.fetchOne(Self.failsOnSecondRow) { $0.text("v") } == "first")
        #expect(try connection.read { db in try db.fetchOne(Self.failsOnSecondRow) { $0.text("v") } } == "first")
        // The second row really fails: reading every row throws.
        let error = try #require(throws: SQLiteError.self) { try connection.fetchAll(Self.failsOnSecondRow) { $0.text("v") } }
        #expect(error.message.contains("JSON"))
        #expect(error.sql == Self.failsOnSecondRow)
    }

    @Test("fetchOne releases the statement: another connection can take an exclusive lock at once")
    func fetchOneResets() throws {
        #expect(try connection.fetchOne("SELECT name FROM t ORDER BY x") { $0.text("name") } == "a")
        let other = try SQLiteConnection(path: scratch.file("fetch.db"), mode: .readWrite, busyTimeout: 0)
        try other.execute("BEGIN EXCLUSIVE; COMMIT;")
    }

    @Test("fetchOne is nil without rows; fetchAll maps every row, with arguments bound in order")
    func fetchAll() throws {
        #expect(try connection.fetchOne("SELECT name FROM t WHERE x > ?1", [.integer(9)]) { $0.text("name") } == nil)
        let names = try connection.fetchAll("SELECT name FROM t WHERE x BETWEEN ?1 AND ?2 ORDER BY x", [1, 2]) {
            $0.text("name") ?? ""
        }
        #expect(names == ["a", "b"])
    }

    @Test("The same SQL run inside its own row loop gets its own statement")
    func nestedSameStatement() throws {
        let sql = "SELECT x FROM t ORDER BY x"
        var outer: [Int] = []
        try connection.read { db in
            try db.forEach(sql) { row in
                outer.append(row.integer("x") ?? 0)
                #expect(try db.fetchAll(sql) { $0.integer("x") ?? 0 } == [1, 2, 3])
                // A reset outer statement would start again from the first row, for ever.
                if outer.count > 3 { throw SQLiteError(code: SQLiteCodes.error, message: "the outer loop restarted") }
            }
        }
        #expect(outer == [1, 2, 3])
    }
}
