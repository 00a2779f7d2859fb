import DashSpendCore
package import DashSpendSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks made before a private SQLite file of the project's is opened.
package enum PrivateSQLiteFile {
    /// Creates the file at `path` with mode 0600 when `creating` (or checks the one there), without blocking
    /// on a FIFO: a regular file of this user's, set to 0600 with its SQLite sidecars (SQLite gives the
    /// `-journal`, `-wal` and `-shm` files the mode of the database). Anything else is refused with
    /// `SQLITE_CANTOPEN`, naming `purpose`. Returns false when the file is missing and not `creating`.
    @discardableResult
    static func prepare(_ path: String, purpose: String, creating: Bool = true) throws(SQLiteError) -> Bool {
        func refusal(_ reason: String) -> SQLiteError {
            SQLiteError.cannotOpen("cannot use \(purpose) \(path): \(reason)")
        }
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | (creating ? O_CREAT : 0), 0o600)
        if descriptor < 0, !creating, errno == ENOENT { return false }
        guard descriptor >= 0 else { throw refusal(SystemError.message()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw refusal(SystemError.message()) }
        if let kind = RegularFile.irregularKind(info.st_mode) { throw refusal("not a regular file (\(kind))") }
        guard info.st_uid == geteuid() else { throw refusal("it belongs to user \(info.st_uid)") }
        // Each mode is set only when it differs: a `chmod` writes the inode (its change time) even to the same
        // mode, and the common open writes nothing.
        guard info.st_mode & 0o7777 == 0o600 || fchmod(descriptor, 0o600) == 0 else {
            throw refusal(SystemError.message())
        }
        for suffix in ["-journal", "-wal", "-shm"] {
            var sidecar = stat()
            if lstat(path + suffix, &sidecar) == 0, (sidecar.st_mode & S_IFMT) == S_IFREG, sidecar.st_uid == geteuid(),
                sidecar.st_mode & 0o7777 != 0o600
            {
                chmod(path + suffix, 0o600)
            }
        }
        return true
    }

    /// Opens the private file at `path` read-write (``prepare(_:purpose:creating:)`` first), creating it when
    /// missing, brings its schema up to date with `migrator` and checks its pages: corruption, "not a
    /// database" and a newer schema are thrown as such (`SQLiteError.isCorruption`,
    /// `SQLiteError.isNewerSchema`). With `checkedVersions`, the page check is skipped for a file version that
    /// passed it before (see ``DatabaseIntegrityStamp``).
    ///
    /// Creating and migrating write the file: call it holding the file's lock (``SQLiteFileAside/lock(_:)``),
    /// so that it never creates a file while another process is between the renames of a move aside.
    package static func openMigrated(
        _ path: String, migrator: SQLiteMigrator, purpose: String, checkedVersions: DatabaseIntegrityStamp? = nil
    ) throws(SQLiteError) -> SQLiteConnection {
        let keyBeforeOpen = checkedVersions == nil ? nil : DatabaseIntegrityStamp.key(path)
        try prepare(path, purpose: purpose)
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try migrator.migrate(connection)
        try check(connection, path: path, purpose: purpose, checkedVersions: checkedVersions, keyBeforeOpen: keyBeforeOpen)
        return connection
    }

    /// Opens the private file at `path` read-write only when it is there and its schema up to date, writing
    /// nothing; checks its pages as ``openMigrated(_:migrator:purpose:checkedVersions:)`` does. Nil when the
    /// file is missing or has migrations to apply: the caller takes the lock and opens it with
    /// ``openMigrated(_:migrator:purpose:checkedVersions:)``. This is the open under the lock held shared
    /// (``SQLiteFileAside/openTakingTurns(_:ready:create:prepare:recover:)``), the common case of every command.
    package static func openIfReady(
        _ path: String, migrator: SQLiteMigrator, purpose: String, checkedVersions: DatabaseIntegrityStamp? = nil
    ) throws(SQLiteError) -> SQLiteConnection? {
        let keyBeforeOpen = checkedVersions == nil ? nil : DatabaseIntegrityStamp.key(path)
        guard try prepare(path, purpose: purpose, creating: false) else { return nil }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: .readWriteExisting)
        } catch let error where error.isCannotOpen {
            // Moved away since `prepare` looked, and perhaps already replaced by the process that moved it, so
            // that the path is there again: the open holding the lock tries again, and reports what it finds.
            return nil
        }
        guard try migrator.isUpToDate(connection) else { return nil }
        try check(connection, path: path, purpose: purpose, checkedVersions: checkedVersions, keyBeforeOpen: keyBeforeOpen)
        return connection
    }

    /// `PRAGMA quick_check(1)`, or nothing when `checkedVersions` says this version of the file passed it.
    private static func check(
        _ connection: SQLiteConnection, path: String, purpose: String, checkedVersions: DatabaseIntegrityStamp?,
        keyBeforeOpen: String?
    ) throws(SQLiteError) {
        func check() throws(SQLiteError) {
            let verdict: [String]
            do {
                verdict = try connection.fetchAll("PRAGMA quick_check(1)") { $0.text("quick_check") ?? "" }
            } catch {
                throw SQLiteError(error)
            }
            guard verdict == ["ok"] else {
                throw SQLiteError.corrupt("\(purpose) \(path) is damaged: \(verdict.first ?? "")")
            }
        }
        if let checkedVersions {
            try checkedVersions.verify(path: path, keyBeforeOpen: keyBeforeOpen, check: check)
        } else {
            try check()
        }
    }
}
