import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("An SQLite error carries the extended code and the statement's SQL, never the bound values")
struct SQLiteErrorTests {
    let scratch: ScratchDirectory
    let connection: SQLiteConnection

    init() throws {
        scratch = try ScratchDirectory(prefix: "sqlite-error")
        connection = try SQLiteConnection(path: scratch.file("errors.db"), mode: .readWrite)
        try connection.execute("CREATE TABLE secret (token TEXT PRIMARY KEY)")
    }

    @Test("A constraint failure: extended code, primary code, the SQL, and no bound value anywhere")
    func constraint() throws {
        let insert = "INSERT INTO secret (token) VALUES (?1)"
        try connection.execute(insert, ["hunter2-token"])
        let error = try #require(throws: SQLiteError.self) { try connection.execute(insert, ["hunter2-token"]) }
        #expect(error.code == SQLiteCodes.constraintPrimaryKey)
        #expect(error.primaryCode == SQLiteCodes.constraint)
        #expect(error.sql == insert)
        #expect(error.message.contains("secret.token"))
        #expect(!"\(error)".contains("hunter2"))
        #expect("\(error)".contains(insert))
    }

    @Test("In a script, the error names the statement that failed; the ones before it ran")
    func scriptStatement() throws {
        let error = try #require(throws: SQLiteError.self) {
            try connection.execute("CREATE TABLE a (x);\n  SELEC 1;\nCREATE TABLE b (y);")
        }
        #expect(error.primaryCode == SQLiteCodes.error)
        #expect(error.sql?.hasPrefix("SELEC 1;") == true, "\(error.sql ?? "nil")")
        let tables = try connection.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            $0.text("name") ?? ""
        }
        #expect(tables == ["a", "secret"])
    }

    @Test("A runtime error names the statement; a script with empty statements runs every real one")
    func runtimeError() throws {
        try connection.execute(";; CREATE TABLE c (x);  -- a comment\n; INSERT INTO c VALUES (1);")
        #expect(try connection.fetchAll("SELECT x FROM c") { $0.integer("x") } == [1])
        let error = try #require(throws: SQLiteError.self) { try connection.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(error.sql == "INSERT INTO nowhere VALUES (1)")
        #expect(error.message.contains("nowhere"))
    }

    @Test("Arguments need exactly one statement")
    func argumentsNeedOneStatement() throws {
        let sql = "INSERT INTO secret VALUES (?1); DELETE FROM secret;"
        let error = try #require(throws: SQLiteError.self) { try connection.execute(sql, ["x"]) }
        #expect(error.code == SQLiteCodes.misuse)
        #expect(error.sql == sql)
        #expect(try connection.fetchAll("SELECT token FROM secret") { $0.text("token") } == [])
        // A trailing `;` or comment is still one statement.
        try connection.execute("INSERT INTO secret VALUES (?1); -- done", ["y"])
        #expect(try connection.fetchAll("SELECT token FROM secret") { $0.text("token") } == ["y"])
    }
}
