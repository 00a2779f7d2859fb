import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// The schema read from `CREATE` statements against SQLite's own pragmas, on real files.
@Suite("Schema from CREATE statements")
struct SchemaStatementTests {
    /// Tables of every shape SQLite accepts: the columns read from the statement SQLite keeps are the ones
    /// `PRAGMA table_info` lists, in order.
    @Test(arguments: [
        "CREATE TABLE `merchant` (`deeplink` TEXT, `plusCode` TEXT, `id` INTEGER NOT NULL, PRIMARY KEY(`id`))",
        #"CREATE TABLE "a b" ("x y" TEXT, [z,1] INT, 'w' REAL, v, "q""uote" TEXT)"#,
        "CREATE TABLE IF NOT EXISTS main.t (a TEXT DEFAULT 'x,y)', b INT CHECK (b > (1 + 2)), c TEXT COLLATE NOCASE)",
        "CREATE TABLE t (a INT, b INT, CONSTRAINT pk PRIMARY KEY (a, b), UNIQUE (b), CHECK (a < b), FOREIGN KEY (a) REFERENCES t(b))",
        "CREATE TABLE t ( -- a comment, with a comma\n a INT, /* b INT, */ c INT /* ) */ , d TEXT)",
        "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT) WITHOUT ROWID",
        "CREATE TABLE t (café TEXT, x$ INT, _y INT)",
        "CREATE TEMP TABLE t (a)",
    ])
    func tableColumnsAreThePragmas(statement: String) throws {
        let (connection, kept) = try Self.kept(statement, type: "table")
        let pragma = try connection.read { db in
            try db.fetchAll(
                "SELECT name FROM pragma_table_info((SELECT name FROM sqlite_temp_master UNION ALL SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 1))"
            ) {
                $0.text("name") ?? ""
            }
        }
        #expect(SchemaStatement.columns(ofTable: kept) == pragma, "\(kept)")
    }

    /// A statement of another shape is declined (the pragma answers for it).
    @Test(arguments: [
        "CREATE TABLE t AS SELECT 1 AS a", "CREATE VIEW v AS SELECT 1 AS a", "CREATE TABLE t (", "",
        "CREATE TABLE t (a INT, b INT GENERATED ALWAYS AS (a * 2) VIRTUAL, c DECIMAL(10, 2))", "CREATE TABLE t (a, b AS (a))",
    ])
    func otherShapesAreDeclined(statement: String) {
        #expect(SchemaStatement.columns(ofTable: statement) == nil)
    }

    /// An index's first column from its statement is `pragma_index_info`'s; an expression is declined.
    @Test(
        arguments: [
            ("CREATE INDEX i ON t (merchantId)", "merchantId"),
            ("CREATE UNIQUE INDEX IF NOT EXISTS \"i x\" ON t(\"merchantId\" DESC, name)", "merchantId"),
            ("CREATE INDEX i ON t (merchantId COLLATE NOCASE, name) WHERE name IS NOT NULL", "merchantId"),
            ("CREATE INDEX i ON t (name, merchantId)", "name"),
            ("CREATE INDEX i ON t (`merchantId`)", "merchantId"),
            ("CREATE INDEX i ON t (lower(merchantId))", nil),
            ("CREATE INDEX i ON t (merchantId || name)", nil),
        ] as [(String, String?)])
    func indexLeadingColumnIsThePragmas(statement: String, expected: String?) throws {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWrite)
        try connection.execute("CREATE TABLE t (merchantId TEXT, name TEXT); " + statement)
        let kept = try connection.read { db in
            try db.fetchOne("SELECT sql FROM sqlite_master WHERE type = 'index'") { $0.text("sql") } ?? nil
        }
        let pragma = try connection.read { db in
            try db.fetchOne(
                "SELECT i.name FROM sqlite_master s, pragma_index_info(s.name) i WHERE s.type = 'index' AND i.seqno = 0"
            ) {
                $0.text("name")
            } ?? nil
        }
        let parsed = SchemaStatement.leadingColumn(ofIndex: try #require(kept))
        #expect(parsed == expected)
        if let parsed { #expect(parsed == pragma) } else { #expect(pragma == nil) }
    }

    /// Every schema version, with and without the merchantId indexes a sync adds and with indexes of other
    /// shapes, and the wallets' real template when it is beside the project: the schema read from the
    /// statements is the one read from the pragmas alone.
    @Test(arguments: [1, 2, 3, 4])
    func schemaIsTheOneThePragmasGive(version: Int) throws {
        let directory = try ScratchDirectory()
        var paths = [try ExploreFixtures.make(version: version, in: directory)]
        let indexed = try FixtureDatabase.make(
            version: version,
            rows: """
                CREATE INDEX merchant_by_id ON merchant ("merchantId", name);
                CREATE INDEX merchant_by_lower ON merchant (lower(merchantId));
                \(version == 4 ? "CREATE INDEX offer_by_id ON gift_card_providers (merchantId COLLATE NOCASE);" : "")
                """, named: "indexed.db", in: directory)
        paths.append(indexed)
        if version == 4, let template = SharedTemplate.path { paths.append(template) }
        for path in paths {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let fromStatements = try connection.read { db in try ExploreSchema.read(db, origin: path) }
            let fromPragmas = try connection.read { db in try ExploreSchema.read(db, origin: path, readingStatements: false) }
            #expect(fromStatements == fromPragmas, "\(path)")
            #expect(fromStatements.version == version)
        }
        let indexedSchema = try SQLiteConnection(path: indexed, mode: .readOnly).read { db in
            try ExploreSchema.read(db, origin: indexed)
        }
        #expect(indexedSchema.hasMerchantIdIndexes)
    }

    /// `statement` run on a new in-memory database, and the statement SQLite keeps for the one `type` it made.
    private static func kept(_ statement: String, type: String) throws -> (SQLiteConnection, String) {
        let connection = try SQLiteConnection(path: ":memory:", mode: .readWrite)
        try connection.execute(statement)
        let sql = try connection.read { db in
            try db.fetchOne(
                "SELECT sql FROM (SELECT type, sql FROM sqlite_master UNION ALL SELECT type, sql FROM sqlite_temp_master) WHERE type = ?1",
                [.text(type)]
            ) { $0.text("sql") } ?? nil
        }
        return (connection, try #require(sql))
    }
}
