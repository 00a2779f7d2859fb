import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure reported by SQLite, with its extended result code and the statement that caused it.
///
/// The error carries the statement's SQL, never the values bound to it, so it can be logged without
/// leaking what a query looked for.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLite extended result code (for instance `SQLITE_CONSTRAINT_PRIMARYKEY`, 1555); its low byte is
    /// the primary code (``primaryCode``).
    public let code: Int32
    /// SQLite's message.
    public let message: String
    /// The SQL of the statement being run, if any (without the values bound to it).
    public let sql: String?
    /// The migrations a database records that this build does not know: non-empty only when the database
    /// was written by a newer version of the program (see ``isNewerSchema``).
    public let unknownMigrations: [String]
    /// Whether the failing write may have gone past the process's file-size limit (`ulimit -f`,
    /// RLIMIT_FSIZE): an I/O or disk-full error while such a limit is set. Nothing was half-written (SQLite
    /// rolls the transaction back), but the file cannot grow until the limit is raised.
    public let mayExceedFileSizeLimit: Bool

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.init(code: code, message: message, sql: sql, unknownMigrations: [])
    }

    private init(
        code: Int32, message: String, sql: String?, unknownMigrations: [String], mayExceedFileSizeLimit: Bool = false
    ) {
        self.code = code
        self.message = message
        self.sql = sql
        self.unknownMigrations = unknownMigrations
        self.mayExceedFileSizeLimit = mayExceedFileSizeLimit
    }

    /// The error SQLite reports for `code` on `connection`: the connection's extended code when it refines
    /// `code`, and its message (else SQLite's text for the code).
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        var extended = code
        if let connection {
            let last = sqlite3_extended_errcode(connection)
            if last & 0xff == code & 0xff { extended = last }
        }
        var message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        // A write past the process's file-size limit (RLIMIT_FSIZE, once SIGXFSZ is ignored) fails with EFBIG,
        // which SQLite reports only as an I/O error (its saved errno is not reliably EFBIG): said with the limit.
        var pastLimit = false
        if code & 0xff == SQLITE_IOERR || code & 0xff == SQLITE_FULL, let limit = Self.fileSizeLimit {
            message += " (file too large? this process may write files of at most \(limit) bytes: its file-size limit)"
            pastLimit = true
        }
        self.init(code: extended, message: message, sql: sql, unknownMigrations: [], mayExceedFileSizeLimit: pastLimit)
    }

    /// `error` itself when it is an ``SQLiteError``, else SQLite's generic error (`SQLITE_ERROR`) with its
    /// text: for the untyped throws of a closure that only ever throws ``SQLiteError``.
    package init(_ error: any Error) {
        self = error as? SQLiteError ?? SQLiteError(code: SQLITE_ERROR, message: "\(error)")
    }

    /// The error ``SQLiteMigrator`` throws for a database that records migrations it does not know.
    static func newerSchema(unknownMigrations: [String], table: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR,
            message: "the database was written by a newer version: its \(table) table records migrations this "
                + "version does not know (\(unknownMigrations.joined(separator: ", ")))",
            sql: nil, unknownMigrations: unknownMigrations)
    }

    /// The process's file-size limit (RLIMIT_FSIZE) in bytes, nil when there is none.
    private static var fileSizeLimit: UInt64? {
        var limit = rlimit()
        #if os(Linux)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        #else
        let status = getrlimit(RLIMIT_FSIZE, &limit)
        #endif
        guard status == 0, limit.rlim_cur != rlim_t.max else { return nil }  // RLIM_INFINITY: all ones
        return UInt64(limit.rlim_cur)
    }

    /// A file that cannot be opened or moved (`SQLITE_CANTOPEN`), for a failure found outside SQLite.
    package static func cannotOpen(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CANTOPEN, message: message)
    }

    /// A file that is damaged (`SQLITE_CORRUPT`), for damage found outside SQLite (a failed integrity check).
    package static func corrupt(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: message)
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...): the low byte of ``code``.
    public var primaryCode: Int32 { code & 0xff }

    /// Whether SQLite says the file is damaged or not a database.
    public var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Whether the file could not be opened (`SQLITE_CANTOPEN`): missing when it may not be created,
    /// unreadable, or refused before SQLite saw it.
    package var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }

    /// Whether another connection held the lock for longer than the busy timeout (`SQLITE_BUSY`).
    public var isBusy: Bool { primaryCode == SQLITE_BUSY }

    /// Whether the database records migrations this build does not know: a newer version wrote it, and
    /// this one must not use it.
    public var isNewerSchema: Bool { !unknownMigrations.isEmpty }

    /// `SQLite error N: message`, and the start of the statement when there is one.
    public var description: String {
        let base = "SQLite error \(code): \(message)"
        guard let sql else { return base }
        let flat = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
        return base + " (in: \(flat.count > 160 ? flat.prefix(160) + "..." : flat))"
    }
}
