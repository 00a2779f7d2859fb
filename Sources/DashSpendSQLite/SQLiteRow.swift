import CSQLite

/// The current row of a statement, read by column name. Valid only inside the closure it is passed to.
///
/// Every accessor tolerates NULL and unexpected storage classes: a column declared TEXT may hold an
/// INTEGER (PiggyCards `sourceId`), a v1 `merchantId` is an INTEGER, a number may arrive as text. Accessors
/// return nil rather than trap.
///
/// The accessors are `@inlinable`: they run for every column of every row, in the modules that read rows.
package struct SQLiteRow {
    @usableFromInline let statement: OpaquePointer
    /// The result column names, in order.
    @usableFromInline let columnNames: [String]

    init(statement: OpaquePointer, columnNames: [String]) {
        self.statement = statement
        self.columnNames = columnNames
    }

    /// The index of the first column called `name`. A linear scan: rows have a few dozen short names, and
    /// comparing them is cheaper than hashing the name for a dictionary, on every accessor call.
    @inlinable @inline(__always)
    func index(_ name: String) -> Int32? {
        for position in columnNames.indices where columnNames[position] == name { return Int32(position) }
        return nil
    }

    /// Whether the column is NULL or absent.
    @inlinable package func isNull(_ name: String) -> Bool {
        guard let index = index(name) else { return true }
        return sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// The column as text; integers and reals are converted (`42`, `4.5`). NULL or absent gives nil.
    @inlinable package func text(_ name: String) -> String? {
        guard let index = index(name) else { return nil }
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL:
            return nil
        case SQLITE_INTEGER:
            return String(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, index)
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        default:
            guard let bytes = sqlite3_column_text(statement, index) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// The column as an integer; text is parsed (trimmed), reals are truncated if whole. Otherwise nil.
    @inlinable package func integer(_ name: String) -> Int? {
        guard let index = index(name) else { return nil }
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return Int(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, index)
            guard value.isFinite, abs(value) < 9e15 else { return nil }
            return Int(value.rounded())
        case SQLITE_TEXT:
            guard let text = self.text(name) else { return nil }
            let trimmed = text.filter { !$0.isWhitespace }
            if let value = Int(trimmed) { return value }
            if let value = Double(trimmed), value.isFinite, abs(value) < 9e15 { return Int(value.rounded()) }
            return nil
        default:
            return nil
        }
    }

    /// The column as a double; text is parsed. NULL, absent, or unreadable gives nil.
    @inlinable package func double(_ name: String) -> Double? {
        guard let index = index(name) else { return nil }
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER, SQLITE_FLOAT:
            return sqlite3_column_double(statement, index)
        case SQLITE_TEXT:
            return text(name).flatMap { Double($0.filter { !$0.isWhitespace }) }
        default:
            return nil
        }
    }

    /// The column as a boolean: a non-zero integer is true; text `true`/`false`/`1`/`0` is read too.
    @inlinable package func bool(_ name: String) -> Bool? {
        if let value = integer(name) { return value != 0 }
        switch text(name)?.lowercased() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}
