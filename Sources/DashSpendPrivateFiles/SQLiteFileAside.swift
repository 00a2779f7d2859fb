import DashSpendCore
package import DashSpendSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Setting a damaged SQLite file of the project's aside, as the state and orders databases do: the name it
/// goes to, the move with its sidecars, and the lock the processes that find it damaged take turns on.
package enum SQLiteFileAside {
    /// `path.damaged-<UTC timestamp>`, numbered when that name is taken.
    package static func asidePath(for path: String, now: Date) -> String {
        let stamp = Self.stamp(now)
        var aside = "\(path).damaged-\(stamp)"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = "\(path).damaged-\(stamp)-\(attempt)"
        }
        return aside
    }

    /// Renames `path` (and its `-wal`, `-shm` and `-journal` files) to `aside`.
    package static func move(_ path: String, to aside: String, purpose: String) throws(SQLiteError) {
        guard rename(path, aside) == 0 else {
            throw SQLiteError.cannotOpen("cannot move the damaged \(purpose) \(path) aside: \(SystemError.message())")
        }
        for suffix in ["-wal", "-shm", "-journal"] where access(path + suffix, F_OK) == 0 {
            rename(path + suffix, aside + suffix)
        }
    }

    /// Opens a private SQLite file that several processes share and may find damaged at the same time.
    ///
    /// Holding the lock (`<path>.lock`) shared, `ready` opens the file only when it is there with its schema
    /// up to date, writing nothing: the common case. Otherwise, or when it finds the file damaged, the lock is
    /// taken exclusively; holding it, `prepare` runs, then `create` opens the file again (creating and
    /// migrating it). When that finds it damaged too, `recover` sets it aside and `create` opens what is in
    /// its place. Only the exclusive holder creates, migrates or moves the file, so no process creates a file
    /// (or a journal) at `path` while another is between the renames of a move, where the move would take it
    /// away.
    ///
    /// The shared hold keeps a move from falling inside another process's first read of the file. SQLite
    /// finds a file's rollback journal by name, `<path>-journal`: a connection opened on the damaged file just
    /// before it was moved would, at its first read, take the journal of the new file being migrated in its
    /// place for a hot journal of its own, roll it back into the moved file and delete it (seen as
    /// `SQLITE_IOERR_DELETE_NOENT` when the migration had deleted it first). Where the lock file cannot be
    /// made (a read-only directory), `ready` runs without it: nothing can move the file there either.
    ///
    /// - Returns: the connection, and what `recover` returned when this process set the file aside (nil when
    ///   it was usable, or another process set it aside while this one waited for the lock).
    package static func openTakingTurns<Recovery>(
        _ path: String,
        ready: () throws(SQLiteError) -> SQLiteConnection?,
        create: () throws(SQLiteError) -> SQLiteConnection,
        prepare: () -> Void = {},
        recover: (SQLiteError) throws(SQLiteError) -> Recovery
    ) throws(SQLiteError) -> (connection: SQLiteConnection, recovery: Recovery?) {
        do {
            // No lock file can be made in a read-only directory, where nothing can move the file either; any
            // other problem with it is reported by the exclusive lock below if the file needs it.
            let shared = try? LockFile.lockShared(path + ".lock")
            defer { if let shared { close(shared) } }
            if let connection = try ready() { return (connection, nil) }
        } catch let error where error.isCorruption {
            // Checked again holding the lock: another process may be setting it aside right now.
        }
        let lock = try lock(path)
        defer { close(lock) }
        prepare()
        do {
            return (try create(), nil)
        } catch let error where error.isCorruption {
            let recovery = try recover(error)
            return (try create(), recovery)
        }
    }

    /// Takes `flock(LOCK_EX)` on `<path>.lock` (created 0600: a regular file, never through a symbolic link
    /// nor blocking on a FIFO) and returns its descriptor; closing it releases the lock, as does the
    /// process ending. Held only while a file is created, migrated, or checked, moved aside and created again.
    package static func lock(_ path: String) throws(SQLiteError) -> Int32 {
        do {
            return try LockFile.lock(path + ".lock")
        } catch {
            throw SQLiteError.cannotOpen(error.description)
        }
    }

    /// `20261123T175601Z`.
    static func stamp(_ date: Date) -> String { UTCTimestamp.basic(date) }
}
