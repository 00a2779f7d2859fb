/// The prepared statements of one connection, keyed by their SQL, most recently used first and at most
/// ``capacity`` of them (least recently used evicted). Used under the connection's lock.
///
/// Searches near a point put its coordinates into the SQL, so an unbounded cache would grow with every
/// new point.
struct SQLiteStatementCache {
    /// How many statements are kept (0 keeps none).
    let capacity: Int
    /// Most recently used first.
    private(set) var statements: [SQLiteStatement] = []

    init(capacity: Int) { self.capacity = max(capacity, 0) }

    /// The cached statement for `sql`, moved to the front, or a new one from `prepare`, cached.
    ///
    /// A statement a caller is still stepping through (the same SQL run again inside its own row loop) is
    /// not handed out twice: the nested use gets a statement of its own, not cached.
    mutating func statement(
        for sql: String, prepare: (_ sql: String, _ persistent: Bool) throws(SQLiteError) -> SQLiteStatement
    ) throws(SQLiteError) -> SQLiteStatement {
        // A linear scan compares lengths first and the library's SQL strings are usually the very same
        // storage, so a hit costs far less than hashing a kilobyte of SQL for a dictionary on every query.
        if let position = statements.firstIndex(where: { $0.sql == sql }) {
            let cached = statements[position]
            guard !cached.isRunning else { return try prepare(sql, false) }
            if position > 0 {
                statements.remove(at: position)
                statements.insert(cached, at: 0)
            }
            return cached
        }
        guard capacity > 0 else { return try prepare(sql, false) }
        let statement = try prepare(sql, true)
        statements.insert(statement, at: 0)
        // An evicted statement in use by a caller stays alive until that caller lets go of it.
        if statements.count > capacity { statements.removeLast() }
        return statement
    }

    /// The SQL of the cached statements, most recently used first.
    var cachedSQL: [String] { statements.map(\.sql) }

    /// Finalizes every cached statement (none may be in use).
    mutating func removeAll() { statements.removeAll() }
}
