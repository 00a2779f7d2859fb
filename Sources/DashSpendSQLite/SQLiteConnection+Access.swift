extension SQLiteConnection {
    /// The connection while its lock is held, inside ``SQLiteConnection/read(_:)`` or
    /// ``SQLiteConnection/transaction(_:)``. Arguments are bound to `?1...?n`; statements come from the
    /// connection's cache.
    package struct Access: ~Copyable {
        let connection: SQLiteConnection

        /// Runs `sql` with `arguments`, calling `body` for every row. The row is valid only inside `body`.
        package func forEach(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
            try connection.statement(for: sql).forEachRow(arguments, body)
        }

        /// Runs `sql` and maps every row.
        package func fetchAll<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T)
            throws -> [T]
        {
            var result: [T] = []
            try forEach(sql, arguments) { result.append(try transform($0)) }
            return result
        }

        /// Runs `sql` and maps its first row, if any; later rows are never computed.
        package func fetchOne<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T)
            throws -> T?
        {
            try connection.statement(for: sql).firstRow(arguments, transform)
        }

        /// Runs SQL that returns no rows: with `arguments`, one cached statement; without, a script.
        package func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
            try connection.executeLocked(sql, arguments)
        }
    }
}
