import CSQLite

/// A prepared statement. Not thread-safe: used under its connection's lock.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    /// The result column names, in order (the first of a repeated name wins, as in SQL).
    let columnNames: [String]
    /// Whether a caller is stepping through its rows (a nested use of the same SQL then gets its own
    /// statement instead of resetting this one under the caller).
    private(set) var isRunning = false
    private unowned let connection: SQLiteConnection

    /// Prepares `sql`, which must be one statement. `persistent` tells SQLite it will be reused (cached).
    init(connection: SQLiteConnection, sql: String, persistent: Bool) throws(SQLiteError) {
        var handle: OpaquePointer?
        var tailIsEmpty = true
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection.handle, text, -1, flags, &handle, &tail)
            if code == SQLITE_OK, let tail { tailIsEmpty = Self.isBlank(tail, connection: connection.handle) }
            return code
        }
        guard code == SQLITE_OK, let handle else {
            // SQL that is only blanks or comments prepares to no statement.
            throw code == SQLITE_OK
                ? SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
                : SQLiteError(code: code, connection: connection.handle, sql: sql)
        }
        guard tailIsEmpty else {
            sqlite3_finalize(handle)
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "the SQL holds more than one statement; run a script without arguments",
                sql: sql)
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
        try start(values)
        defer { finish() }
        let row = SQLiteRow(statement: handle, columnNames: columnNames)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
            try body(row)
        }
    }

    /// Binds `values`, steps to the first row only and maps it; nil when there is no row.
    func firstRow<T>(_ values: [SQLiteValue], _ transform: (SQLiteRow) throws -> T) throws -> T? {
        try start(values)
        defer { finish() }
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
        return try transform(SQLiteRow(statement: handle, columnNames: columnNames))
    }

    /// Binds `values` and runs the statement to its end, ignoring any rows.
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        try start(values)
        defer { finish() }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw SQLiteError(code: code, connection: connection.handle, sql: sql) }
        }
    }

    /// Resets the statement and binds `values` to `?1...?n`.
    private func start(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        isRunning = true
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, SQLITE_TRANSIENT)
            }
            guard code == SQLITE_OK else {
                finish()
                throw SQLiteError(code: code, connection: connection.handle, sql: sql)
            }
        }
    }

    /// Resets the statement, releasing its read locks, and lets go of the bound text.
    private func finish() {
        sqlite3_reset(handle)
        isRunning = false
    }

    /// Whether `tail` (what follows the first statement) holds nothing but blanks, `;` and comments.
    private static func isBlank(_ tail: UnsafePointer<CChar>, connection: OpaquePointer) -> Bool {
        if tail.pointee == 0 { return true }
        var next: OpaquePointer?
        defer { sqlite3_finalize(next) }
        return sqlite3_prepare_v2(connection, tail, -1, &next, nil) == SQLITE_OK && next == nil
    }
}

/// SQLite's "copy the bytes now" destructor, which the C macro cannot express in Swift.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
