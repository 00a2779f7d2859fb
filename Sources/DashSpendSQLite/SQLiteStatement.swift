import CSQLite

/// A prepared statement. Not thread-safe: used under its connection's lock.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    /// The result column names, in order (the first of a repeated name wins, as in SQL).
    let columnNames: [String]
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
        columnNames = (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1...n, runs the statement and calls `body` for each row.
    func forEachRow(_ values: [SQLiteValue], _ body: (SQLiteRow) throws -> Void) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        defer { sqlite3_reset(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, SQLITE_TRANSIENT)
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
        }
        let row = SQLiteRow(statement: handle, columnNames: columnNames)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
            try body(row)
        }
    }
}

/// SQLite's "copy the bytes now" destructor, which the C macro cannot express in Swift.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
