import CSQLite

/// A failure reported by SQLite, with its result code and the statement that caused it.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLite (extended) result code.
    public let code: Int32
    /// SQLite's message.
    public let message: String
    /// The SQL being run, if any.
    public let sql: String?

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql)
    }

    /// Whether SQLite says the file is damaged or not a database.
    public var isCorruption: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// `SQLite error N: message`.
    public var description: String { "SQLite error \(code): \(message)" }
}
