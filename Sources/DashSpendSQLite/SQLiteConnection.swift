import CSQLite
import DashSpendLocking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One SQLite connection, serialised by a lock so it can be shared between tasks.
///
/// - ``read(_:)`` runs several statements under one lock; ``transaction(_:)`` runs them inside
///   `BEGIN IMMEDIATE` ... `COMMIT`, rolled back when the body throws.
/// - ``fetchOne(_:_:_:)`` (which steps to the first row only), ``fetchAll(_:_:_:)`` and ``execute(_:_:)``
///   run one statement each.
/// - Statements with their SQL as key are prepared once and kept in a bounded cache (least recently used
///   evicted), so the same query costs one reset and bind per call.
/// - A statement that meets another connection's lock waits up to the busy timeout, then fails with
///   `SQLITE_BUSY` (``SQLiteError/isBusy``).
package final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let lock = Locked(())
    /// Guarded by `lock`.
    private var statements: SQLiteStatementCache

    /// How many prepared statements a connection keeps unless told otherwise.
    package static let defaultStatementCacheSize = 24
    /// How long a statement waits for another connection's lock unless told otherwise, in seconds.
    static let defaultBusyTimeout: Double = 2

    /// Opens the file at `path`.
    ///
    /// - Parameters:
    ///   - mode: read-only (immutable or with locking) or read-write, creating the file or not.
    ///   - busyTimeout: how many seconds a statement waits for a lock another connection holds before failing
    ///     with `SQLITE_BUSY`.
    ///   - statementCacheSize: how many prepared statements are kept (0 keeps none).
    package convenience init(
        path: String, mode: Mode, busyTimeout: Double = defaultBusyTimeout,
        statementCacheSize: Int = defaultStatementCacheSize
    ) throws(SQLiteError) {
        var flags: Int32 = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let name: String
        switch mode {
        case .immutable:
            flags |= SQLITE_OPEN_READONLY
            name = Self.fileURI(path) + "?immutable=1"
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            name = Self.fileURI(path) + "?mode=ro"
        case .readWrite:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            name = Self.fileURI(path)
        case .readWriteExisting:
            flags |= SQLITE_OPEN_READWRITE
            name = Self.fileURI(path)
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        self.init(handle: try Self.opened(handle, code: code), statementCacheSize: statementCacheSize)
        sqlite3_busy_timeout(self.handle, Self.milliseconds(busyTimeout))
    }

    /// Opens a read-only, in-memory copy of a database file's bytes (the embedded sample).
    package convenience init(bytes: Data, statementCacheSize: Int = defaultStatementCacheSize) throws(SQLiteError) {
        var handle: OpaquePointer?
        var code = sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, connection: nil)
        }
        let size = Int64(bytes.count)
        guard let buffer = sqlite3_malloc64(UInt64(max(size, 1))) else {
            sqlite3_close_v2(handle)
            throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory")
        }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: source.count) }
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        code = sqlite3_deserialize(handle, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size, flags)
        self.init(handle: try Self.opened(handle, code: code), statementCacheSize: statementCacheSize)
    }

    /// Takes over an open `handle`: extended result codes on, an empty statement cache.
    private init(handle: OpaquePointer, statementCacheSize: Int) {
        self.handle = handle
        statements = SQLiteStatementCache(capacity: statementCacheSize)
        sqlite3_extended_result_codes(handle, 1)
    }

    /// `handle` when `code` (of the call that opened or filled it) is `SQLITE_OK`; else the handle is closed
    /// and the error, with the connection's message, thrown.
    private static func opened(_ handle: OpaquePointer?, code: Int32) throws(SQLiteError) -> OpaquePointer {
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        return handle
    }

    /// Hardens the connection for a file that came from elsewhere: `SQLITE_DBCONFIG_DEFENSIVE` (no writing
    /// the schema or other ways of corrupting the file through SQL) and `PRAGMA trusted_schema = OFF` (the
    /// file's views and triggers cannot call functions with side effects). Call it right after opening.
    package func configureDefensive() throws(SQLiteError) {
        let code = lock.withLock { _ in
            var result: Int32 = 0
            return csqlite_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, &result)
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        try execute("PRAGMA trusted_schema = OFF")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // Not specialized: specializing it (building the noncopyable `Access` inside `Locked.withLock`) crashes
    // the Swift 6.3.1 optimizer ("Cannot initialize a nonCopyable type with a guaranteed value"), which
    // broke every `-c release` build. One unspecialized generic call per query costs nothing measurable.
    /// Runs `body` with exclusive use of the connection (several statements, no transaction).
    @_semantics("optimize.sil.specialize.generic.never")
    package func read<T>(_ body: (borrowing Access) throws -> T) throws -> T {
        try lock.withLock { _ in try body(Access(connection: self)) }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` ... `COMMIT`: the write lock is taken at the start (waiting up
    /// to the busy timeout for another writer), so the body never fails half-way for want of it. When the
    /// body or the commit throws, the transaction is rolled back and the error rethrown.
    @_semantics("optimize.sil.specialize.generic.never")
    package func transaction<T>(_ body: (borrowing Access) throws -> T) throws -> T {
        try lock.withLock { _ in
            try statement(for: "BEGIN IMMEDIATE").run([])
            do {
                let result = try body(Access(connection: self))
                try statement(for: "COMMIT").run([])
                return result
            } catch {
                // SQLite may have rolled back already (a full disk, an interrupt): then there is nothing to undo.
                if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
                throw error
            }
        }
    }

    /// Runs SQL that returns no rows, under the lock. With `arguments` (bound to `?1...?n`) the SQL is one
    /// statement, prepared once and cached; without, it may be a script of several statements, each
    /// prepared and run in turn (a failure names the statement that failed).
    package func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        try lock.withLock { _ throws(SQLiteError) in try executeLocked(sql, arguments) }
    }

    /// Runs `sql` and maps its first row, if any, without stepping further.
    package func fetchOne<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T)
        throws -> T?
    {
        try read { db in try db.fetchOne(sql, arguments, transform) }
    }

    /// Runs `sql` and maps every row.
    package func fetchAll<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T)
        throws -> [T]
    {
        try read { db in try db.fetchAll(sql, arguments, transform) }
    }

    /// Whether the connection is inside a transaction (SQLite is not in autocommit mode). Takes the lock:
    /// not for use inside ``read(_:)`` or ``transaction(_:)``.
    package var isInTransaction: Bool { lock.withLock { _ in sqlite3_get_autocommit(handle) == 0 } }

    /// The SQL of the cached prepared statements, most recently used first. Takes the lock.
    package var cachedStatements: [String] { lock.withLock { _ in statements.cachedSQL } }

    /// The cached statement for `sql` (prepared and cached when new). Call with the lock held.
    func statement(for sql: String) throws(SQLiteError) -> SQLiteStatement {
        try statements.statement(for: sql) { sql, persistent throws(SQLiteError) in
            try SQLiteStatement(connection: self, sql: sql, persistent: persistent)
        }
    }

    /// ``execute(_:_:)`` with the lock held.
    func executeLocked(_ sql: String, _ arguments: [SQLiteValue]) throws(SQLiteError) {
        if !arguments.isEmpty { return try statement(for: sql).run(arguments) }
        var failure: SQLiteError?
        sql.withCString { start in
            var rest = start
            while rest.pointee != 0 {
                var prepared: OpaquePointer?
                var next: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, rest, -1, &prepared, &next)
                guard code == SQLITE_OK else {
                    failure = SQLiteError(code: code, connection: handle, sql: Self.trimmed(String(cString: rest)))
                    return
                }
                guard let next, next != rest else {
                    sqlite3_finalize(prepared)
                    return
                }
                rest = next
                // Blanks, comments and a lone `;` prepare to no statement: go on after them, as `sqlite3_exec` does.
                guard let prepared else { continue }
                var step: Int32
                repeat { step = sqlite3_step(prepared) } while step == SQLITE_ROW
                if step != SQLITE_DONE {
                    let text = sqlite3_sql(prepared).map { String(cString: $0) }
                    failure = SQLiteError(code: step, connection: handle, sql: text.map(Self.trimmed))
                }
                sqlite3_finalize(prepared)
                if failure != nil { return }
            }
        }
        if let failure { throw failure }
    }

    private static func trimmed(_ sql: String) -> String {
        String(sql.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// `seconds` in whole milliseconds, clamped to what `sqlite3_busy_timeout` takes (NaN is 0).
    private static func milliseconds(_ seconds: Double) -> Int32 {
        guard seconds > 0 else { return 0 }
        return Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// `file:` + the path with every byte outside printable ASCII, and `%`, `?` and `#`, percent-encoded:
    /// SQLite decodes `%XX` back to bytes, so any UTF-8 path reaches the file system unchanged.
    package static func fileURI(_ path: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += "%" + (hex.count == 1 ? "0" + hex : hex)
            default:
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return uri
    }
}
