import DashSpendSQLite
import DashSpendTestSupport
import Testing

@Suite("Process-wide SQLite settings are made before SQLite starts, or not at all")
struct ProcessSettingsTests {
    @Test("Once a connection has opened, the setting is refused and SQLite keeps working as it was")
    func refusedOnceStarted() throws {
        let scratch = try ScratchDirectory(prefix: "sqlite-process")
        let connection = try SQLiteConnection(path: scratch.path + "/t.db", mode: .readWrite)
        #expect(!SQLiteProcess.withoutMemoryStatistics())
        #expect(!SQLiteProcess.withPageBuffersTakenOnUse())
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try connection.fetchOne("SELECT count(*) AS n FROM t") { $0.integer("n") } == 1)
    }
}
