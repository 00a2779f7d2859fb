import CSQLite
import DashSpendCore

/// The few helpers the benchmark needs around the bare SQLite C API: open, exec, prepare, and SQLite's
/// "copy now" destructor. Everything else is called directly, so the raw side has no layer in between.
enum RawSQLite {
    /// A failure with SQLite's message.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// SQLite's `SQLITE_TRANSIENT`, which the C macro cannot express in Swift.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens `path` read-only and immutable, exactly as the library opens an explore file, with the name
    /// folding function the library's name search calls (`dashspend_fold`), so both sides run the same SQL.
    static func openImmutable(_ path: String) throws -> OpaquePointer {
        let db = try open(
            "file:" + path + "?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
        let code = sqlite3_create_function_v2(
            db, "dashspend_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, count, values in
                guard let context, count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
                    let text = sqlite3_value_text(value)
                else { return sqlite3_result_null(context) }
                sqlite3_result_text(context, NameMatching.folded(String(cString: text)), -1, RawSQLite.transient)
            }, nil, nil, nil)
        guard code == SQLITE_OK else { throw Failure(description: "cannot define dashspend_fold: \(code)") }
        return db
    }

    /// Opens (creating) `path` read-write.
    static func openReadWrite(_ path: String) throws -> OpaquePointer {
        try open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
    }

    private static func open(_ name: String, flags: Int32) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(name): \(message)")
        }
        return handle
    }

    /// Runs SQL that returns no rows.
    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(message)
            throw Failure(description: "\(text) in: \(sql.prefix(200))")
        }
    }

    /// Prepares one statement.
    static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(String(cString: sqlite3_errmsg(db))) in: \(sql.prefix(200))")
        }
        return statement
    }

    /// The index of each named result column of `statement` (-1 when absent).
    static func columnIndexes(_ statement: OpaquePointer, _ names: [String]) -> [Int32] {
        let count = sqlite3_column_count(statement)
        return names.map { wanted in
            for index in 0..<count where String(cString: sqlite3_column_name(statement, index)) == wanted {
                return index
            }
            return -1
        }
    }

    /// Every row of a small query, every column as text (NULL as ""), for setup and reports.
    static func rows(_ db: OpaquePointer, _ sql: String) throws -> [[String]] {
        let statement = try prepare(db, sql)
        defer { sqlite3_finalize(statement) }
        var result: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            var row: [String] = []
            for index in 0..<sqlite3_column_count(statement) {
                row.append(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
            }
            result.append(row)
        }
        return result
    }
}
