import CSQLite
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One SQLite connection, serialised by a lock so it can be shared between tasks.
///
/// Statements are prepared once and cached by their SQL text. Use ``read(_:)`` to run several statements
/// under one lock.
public final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer
    private let lock = Mutex(())
    /// Prepared statements, most recently used first, at most ``statementCacheSize``.
    private var statements: [SQLiteStatement] = []
    /// How many prepared statements are kept. Searches near a point put its coordinates into the SQL, so
    /// an unbounded cache would grow with every new point.
    static let statementCacheSize = 24

    /// How to open a file.
    public enum Mode: Sendable {
        /// Read-only and immutable (`?immutable=1`): SQLite takes no locks and creates no `-wal`/`-shm`
        /// files, which is right for a file that is only ever replaced by rename.
        case immutable
        /// Read-only with normal locking.
        case readOnly
        /// Read and write, creating the file if needed (fixtures, the project's own state).
        case readWrite
    }

    /// Opens the file at `path`.
    public init(path: String, mode: Mode) throws(SQLiteError) {
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
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Opens a read-only, in-memory copy of a database file's bytes (the embedded sample).
    public init(bytes: Data) throws(SQLiteError) {
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
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Hardens the connection for a file that came from elsewhere: `SQLITE_DBCONFIG_DEFENSIVE` (no writing
    /// the schema or other ways of corrupting the file through SQL) and `PRAGMA trusted_schema = OFF` (the
    /// file's views and triggers cannot call functions with side effects). Call it right after opening.
    public func configureDefensive() throws(SQLiteError) {
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

    // Not specialized: specializing it (building the noncopyable `Access` inside `Mutex.withLock`) crashes
    // the Swift 6.3.1 optimizer ("Cannot initialize a nonCopyable type with a guaranteed value"), which
    // broke every `-c release` build. One unspecialized generic call per query costs nothing measurable.
    /// Runs `body` with exclusive use of the connection.
    @_semantics("optimize.sil.specialize.generic.never")
    public func read<T>(_ body: (borrowing SQLiteConnection.Access) throws -> T) throws -> T {
        try lock.withLock { _ in try body(Access(connection: self)) }
    }

    /// Runs SQL that returns no rows (schema, pragmas, inserts in fixtures), under the lock.
    public func execute(_ sql: String) throws(SQLiteError) {
        try lock.withLock { _ throws(SQLiteError) in
            var message: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(handle, sql, nil, nil, &message)
            if code != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
                sqlite3_free(message)
                throw SQLiteError(code: code, message: text, sql: sql)
            }
        }
    }

    /// The connection while its lock is held.
    public struct Access: ~Copyable {
        fileprivate let connection: SQLiteConnection

        /// Runs `sql` with `arguments` bound to `?1...?n`, calling `body` for every row.
        public func forEach(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
            try connection.statement(for: sql).forEachRow(arguments, body)
        }

        /// Runs `sql` and maps every row.
        public func map<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T) throws -> [T] {
            var result: [T] = []
            try forEach(sql, arguments) { result.append(try transform($0)) }
            return result
        }

        /// Runs `sql` and maps the first row, if any.
        public func first<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ transform: (SQLiteRow) throws -> T) throws -> T? {
            var result: T?
            try forEach(sql, arguments) { row in
                if result == nil { result = try transform(row) }
            }
            return result
        }
    }

    private func statement(for sql: String) throws(SQLiteError) -> SQLiteStatement {
        // A linear scan compares lengths first and the library's SQL strings are usually the very same
        // storage, so a hit costs far less than hashing a kilobyte of SQL for a dictionary on every query.
        if let position = statements.firstIndex(where: { $0.sql == sql }) {
            let cached = statements[position]
            if position > 0 {
                statements.remove(at: position)
                statements.insert(cached, at: 0)
            }
            return cached
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statements.insert(statement, at: 0)
        // An evicted statement in use by a caller stays alive until that caller lets go of it.
        if statements.count > Self.statementCacheSize { statements.removeLast() }
        return statement
    }

    /// `file:` + the path with every byte outside printable ASCII, and `%`, `?` and `#`, percent-encoded:
    /// SQLite decodes `%XX` back to bytes, so any UTF-8 path reaches the file system unchanged.
    static func fileURI(_ path: String) -> String {
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
