import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Testing

/// Each accessor of `SQLiteRow` against each SQLite storage class (NULL, INTEGER, REAL, TEXT, BLOB) and an
/// absent column, through the public API only: explore files are not always what their schema declares
/// (a v1 `merchantId` is an INTEGER, a PiggyCards `sourceId` may be one, numbers arrive as text).
@Suite("SQLiteRow: every accessor on every storage class")
struct SQLiteRowCoercionTests {
    let scratch: ScratchDirectory
    let connection: SQLiteConnection

    init() throws {
        scratch = try ScratchDirectory(prefix: "sqlite-row")
        connection = try SQLiteConnection(path: scratch.file("row.db"), mode: .readWrite)
    }

    /// Reads one value selected as `sql` (an SQL expression) with `read`, in a row that has it as column `v`.
    func value<T>(_ sql: String, _ read: (SQLiteRow) -> T) throws -> T {
        let found = try connection.read { db in try db.fetchOne("SELECT \(sql) AS v") { read($0) } }
        return try #require(found, "no row for \(sql)")
    }

    @Test("text: numbers are written out, whole reals without a fraction; NULL and absent are nil")
    func text() throws {
        #expect(try value("NULL") { $0.text("v") } == nil)
        #expect(try value("1") { $0.text("missing") } == nil)
        #expect(try value("42") { $0.text("v") } == "42")
        #expect(try value("-7") { $0.text("v") } == "-7")
        #expect(try value("4.5") { $0.text("v") } == "4.5")
        #expect(try value("3.0") { $0.text("v") } == "3")
        #expect(try value("1e20") { $0.text("v") } == "1e+20")
        #expect(try value("'café'") { $0.text("v") } == "café")
        #expect(try value("''") { $0.text("v") } == "")
        #expect(try value("X'616263'") { $0.text("v") } == "abc")
    }

    @Test("integer: text is trimmed and parsed, reals are rounded when in range; anything else is nil")
    func integer() throws {
        #expect(try value("NULL") { $0.integer("v") } == nil)
        #expect(try value("1") { $0.integer("missing") } == nil)
        #expect(try value("7") { $0.integer("v") } == 7)
        #expect(try value("2.6") { $0.integer("v") } == 3)
        #expect(try value("-2.4") { $0.integer("v") } == -2)
        #expect(try value("1e16") { $0.integer("v") } == nil, "beyond what a double holds exactly")
        #expect(try value("' 12 '") { $0.integer("v") } == 12)
        #expect(try value("'4.4'") { $0.integer("v") } == 4)
        #expect(try value("'1e20'") { $0.integer("v") } == nil)
        #expect(try value("'abc'") { $0.integer("v") } == nil)
        #expect(try value("''") { $0.integer("v") } == nil)
        #expect(try value("X'3132'") { $0.integer("v") } == nil, "a BLOB is not a number, even one spelling 12")
    }

    @Test("double: integers and reals as they are, text trimmed and parsed; anything else is nil")
    func double() throws {
        #expect(try value("NULL") { $0.double("v") } == nil)
        #expect(try value("1") { $0.double("missing") } == nil)
        #expect(try value("3") { $0.double("v") } == 3)
        #expect(try value("2.5") { $0.double("v") } == 2.5)
        #expect(try value("' 1.25 '") { $0.double("v") } == 1.25)
        #expect(try value("'x'") { $0.double("v") } == nil)
        #expect(try value("X'31'") { $0.double("v") } == nil)
    }

    @Test("bool: non-zero numbers are true, text true/false/1/0 in any case; anything else is nil")
    func bool() throws {
        #expect(try value("NULL") { $0.bool("v") } == nil)
        #expect(try value("1") { $0.bool("missing") } == nil)
        #expect(try value("0") { $0.bool("v") } == false)
        #expect(try value("2") { $0.bool("v") } == true)
        #expect(try value("0.0") { $0.bool("v") } == false)
        #expect(try value("'TRUE'") { $0.bool("v") } == true)
        #expect(try value("'false'") { $0.bool("v") } == false)
        #expect(try value("'1'") { $0.bool("v") } == true)
        #expect(try value("'0'") { $0.bool("v") } == false)
        #expect(try value("'yes'") { $0.bool("v") } == nil)
        #expect(try value("''") { $0.bool("v") } == nil)
    }

    @Test("isNull: NULL and absent columns are null; zero and the empty text are not")
    func isNull() throws {
        #expect(try value("NULL") { $0.isNull("v") })
        #expect(try value("1") { $0.isNull("missing") })
        #expect(try value("0") { $0.isNull("v") } == false)
        #expect(try value("''") { $0.isNull("v") } == false)
        #expect(try value("X''") { $0.isNull("v") } == false)
    }

    @Test("The first column of a name wins when a result has two")
    func duplicateNames() throws {
        let pair = try connection.read { db in
            try db.fetchOne("SELECT 1 AS v, 2 AS v") { ($0.integer("v"), $0.text("v")) }
        }
        #expect(pair?.0 == 1 && pair?.1 == "1")
    }
}
