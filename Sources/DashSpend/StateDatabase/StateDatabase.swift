import DashSpendCore
public import DashSpendSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The project's own SQLite file for one network (`<state>/<network>/state.db`): the providers' last
/// answers, and everything else DashSpend keeps between runs. Never the explore database, which is only
/// ever read.
///
/// The schema is a list of named migrations, applied on open. A file that is not SQLite,
/// is damaged, or was written by a newer version is moved aside to `state.db.damaged-<timestamp>` (with its
/// SQLite sidecars) and a fresh one is created; ``recovery`` says so, so the caller can tell the user once.
/// Processes that find the file damaged at the same time take turns on `state.db.lock` (`flock`, 0600) and
/// check again once they hold it: one moves the file aside, the others open the fresh one.
/// Something else in the file's place (a FIFO, another user's file) is refused, never moved.
public final class StateDatabase: Sendable {
    /// Where the file is.
    public let path: String
    /// The network whose state this is.
    public let network: DashSpendNetwork
    /// What was wrong with the file found at ``path`` and where it went, when it could not be used.
    public let recovery: StateDatabaseRecovery?
    /// The open connection (read-write).
    package let connection: SQLiteConnection

    /// The state database's schema, one named migration per change, in order. Add a migration at the end;
    /// never edit one that has shipped.
    package static let migrator = SQLiteMigrator([
        SQLiteMigration(
            "1-provider-answers",
            sql: """
                CREATE TABLE provider_answer (
                    provider TEXT NOT NULL,
                    network TEXT NOT NULL,
                    sourceId TEXT NOT NULL,
                    fetchedAt REAL NOT NULL,
                    offer TEXT NOT NULL,
                    raw TEXT,
                    PRIMARY KEY (provider, network, sourceId));
                """),
        SQLiteMigration(
            "2-orders",
            sql: """
                CREATE TABLE purchase_order (
                    id TEXT PRIMARY KEY NOT NULL,
                    network TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    providerOrderId TEXT,
                    merchantId TEXT NOT NULL,
                    merchantName TEXT NOT NULL,
                    sourceId TEXT NOT NULL,
                    amount TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    status TEXT NOT NULL,
                    paymentURI TEXT,
                    dashAmount TEXT,
                    message TEXT,
                    transactionId TEXT,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL);
                CREATE INDEX purchase_order_provider_id ON purchase_order (provider, providerOrderId);
                CREATE TABLE delivered_card (
                    orderId TEXT NOT NULL REFERENCES purchase_order (id),
                    position INTEGER NOT NULL,
                    card TEXT NOT NULL,
                    deliveredAt REAL NOT NULL,
                    PRIMARY KEY (orderId, position));
                """),
        SQLiteMigration(
            "3-exchange-rates",
            sql: """
                CREATE TABLE exchange_rate (
                    provider TEXT NOT NULL,
                    network TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    rate REAL NOT NULL,
                    fetchedAt REAL NOT NULL,
                    dateModified TEXT,
                    PRIMARY KEY (provider, network, currency));
                """),
    ])

    /// Opens (creating if needed) the state database of `network` at `path` and brings its schema up to
    /// date; a damaged or newer file is moved aside first (see ``recovery``). The file and its SQLite
    /// sidecars are private (0600).
    ///
    /// - Parameters:
    ///   - path: the file (created when missing).
    ///   - network: the network whose state it keeps.
    ///   - now: the time used to name a file moved aside.
    public init(path: String, network: DashSpendNetwork, now: Date = Date()) throws(SQLiteError) {
        self.path = path
        self.network = network
        do {
            connection = try Self.openChecked(path)
            recovery = nil
        } catch let error where error.isCorruption || error.isNewerSchema {
            // Another process may be recovering the same file right now: check, move and create again
            // holding the lock, so only one of them moves the damaged file and none moves the fresh one.
            let lock = try Self.lockRecovery(path)
            defer { close(lock) }
            do {
                connection = try Self.openChecked(path)
                recovery = nil  // another process set it aside (and says so) while this one waited
            } catch let error where error.isCorruption || error.isNewerSchema {
                let aside = try Self.moveAside(path, now: now)
                connection = try Self.openChecked(path)
                recovery = StateDatabaseRecovery(path: path, movedTo: aside, reason: error.description)
            }
        }
    }

    /// Takes `flock(LOCK_EX)` on `<path>.lock` (created 0600: a regular file, never through a symbolic link
    /// nor blocking on a FIFO) and returns its descriptor; closing it releases the lock, as does the
    /// process ending. Held only while a damaged file is checked, moved aside and created again.
    private static func lockRecovery(_ path: String) throws(SQLiteError) -> Int32 {
        do {
            return try LockFile.lock(path + ".lock")
        } catch {
            throw SQLiteError(code: 14, message: error.description)
        }
    }

    /// Opens `path`, migrates it and checks its pages; corruption, "not a database" and a newer schema are
    /// thrown as such.
    private static func openChecked(_ path: String) throws(SQLiteError) -> SQLiteConnection {
        try PrivateSQLiteFile.prepare(path, purpose: "the state database")
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try migrator.migrate(connection)
        let verdict: [String]
        do {
            verdict = try connection.fetchAll("PRAGMA quick_check(1)") { $0.text("quick_check") ?? "" }
        } catch {
            throw SQLiteError(error)
        }
        guard verdict == ["ok"] else {
            throw SQLiteError(code: 11, message: "the state database \(path) is damaged: \(verdict.first ?? "")")
        }
        return connection
    }

    /// Renames `path` (and its `-wal`, `-shm` and `-journal` files) to `path.damaged-<UTC timestamp>`,
    /// numbered when that name is taken; returns the new path.
    private static func moveAside(_ path: String, now: Date) throws(SQLiteError) -> String {
        let stamp = Self.stamp(now)
        var aside = "\(path).damaged-\(stamp)"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = "\(path).damaged-\(stamp)-\(attempt)"
        }
        guard rename(path, aside) == 0 else {
            throw SQLiteError(
                code: 14, message: "cannot move the damaged state database \(path) aside: \(SystemError.message())")
        }
        for suffix in ["-wal", "-shm", "-journal"] where access(path + suffix, F_OK) == 0 {
            rename(path + suffix, aside + suffix)
        }
        return aside
    }

    /// `20261123T175601Z`.
    private static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
