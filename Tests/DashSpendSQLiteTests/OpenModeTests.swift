import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("A connection opens a file read-only or read-write, as asked")
struct OpenModeTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "sqlite-open") }

    @Test("Read-write creates a missing file; read-only then reads it but cannot write")
    func readOnlyCannotWrite() throws {
        let path = scratch.file("modes.db")
        try SQLiteConnection(path: path, mode: .readWrite).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        #expect(FileManager.default.fileExists(atPath: path))

        let reader = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try reader.fetchAll("SELECT x FROM t") { $0.integer("x") } == [1])
        let insert = "INSERT INTO t VALUES (?1)"
        let error = try #require(throws: SQLiteError.self) { try reader.execute(insert, [.integer(2)]) }
        #expect(error.primaryCode == SQLiteCodes.readOnly)
        #expect(error.sql == insert)
        #expect(throws: SQLiteError.self) { try reader.transaction { db in try db.execute("DELETE FROM t") } }
        #expect(try reader.fetchAll("SELECT x FROM t") { $0.integer("x") } == [1])
    }

    @Test("Read-only and immutable never create a missing file")
    func readOnlyMissing() throws {
        for mode in [SQLiteConnection.Mode.readOnly, .immutable] {
            let path = scratch.file("missing-\(mode).db")
            let error = try #require(throws: SQLiteError.self) { try SQLiteConnection(path: path, mode: mode) }
            #expect(error.primaryCode == SQLiteCodes.cannotOpen)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("Immutable reads a file and leaves no journal files beside it")
    func immutable() throws {
        let path = scratch.file("immutable.db")
        try SQLiteConnection(path: path, mode: .readWrite).execute("CREATE TABLE t (x); INSERT INTO t VALUES ('a');")
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        let reader = try SQLiteConnection(path: path, mode: .immutable)
        #expect(try reader.fetchOne("SELECT x FROM t") { $0.text("x") } == "a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == before)
    }

    @Test("A path with spaces, `?`, `#` and `%` reaches the file system unchanged")
    func awkwardPath() throws {
        let path = scratch.file("a b?c#d%20e é.db")
        try SQLiteConnection(path: path, mode: .readWrite).execute("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try SQLiteConnection(path: path, mode: .readOnly).fetchAll("SELECT x FROM t") { $0.text("x") } == [])
    }
}
