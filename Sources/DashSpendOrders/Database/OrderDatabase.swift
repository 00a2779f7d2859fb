package import DashSpendCore
import DashSpendPrivateFiles
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

/// The orders and their delivered cards for one network (`<state>/<network>/orders.db`): what DashSpend
/// keeps that cannot be asked again. Kept apart from the cache (`StateDatabase`, `state.db`), so damage to
/// stored answers never touches an order.
///
/// - The schema is a list of named migrations, applied on open.
/// - A damaged file is never dropped: every order and card that can still be read is salvaged, row by row,
///   into a fresh file, the damaged one is moved aside to `orders.db.damaged-<timestamp>` (with its SQLite
///   sidecars), and the fresh file records where it went (``SetAsideOrderFile``) until the user has been
///   shown. The file is created, migrated and salvaged only holding `orders.db.lock`: processes that find
///   it damaged at the same time take turns, and none creates an empty file another is moving aside (which
///   would take orders written to it away).
/// - A file written by a newer version (it records migrations this one does not know) is never moved nor
///   rewritten: it is opened read-only, its orders are read, and every write is refused
///   (``newerVersion`` says why, naming both versions).
/// - Something else in the file's place (a FIFO, another user's file) is refused, never moved.
package final class OrderDatabase: Sendable {
    /// Where the file is.
    package let path: String
    /// The network whose orders these are.
    package let network: DashSpendNetwork
    /// Why the file is only read: it was written by a newer version (nil when it is this version's).
    package let newerVersion: String?
    /// The damaged file this open set aside, if it did.
    package let setAside: SetAsideOrderFile?
    /// The open connection (read-write, or read-only for a newer version's file or a reading open).
    package let connection: SQLiteConnection
    /// Whether the file was opened only to be read (``init(readingOnly:network:)``): every write is refused.
    let readingOnly: Bool

    /// The last migration this version knows.
    package static var schemaVersion: String { migrator.migrations.last?.name ?? "" }

    /// The orders database's schema, one named migration per change, in order. Add a migration at the end;
    /// never edit one that has shipped.
    package static let migrator = SQLiteMigrator([
        SQLiteMigration(
            "1-orders",
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
                    providerStatus TEXT,
                    lastKnownStatus TEXT,
                    paymentURI TEXT,
                    dashAmount TEXT,
                    message TEXT,
                    transactionId TEXT,
                    foundByTransaction INTEGER NOT NULL DEFAULT 0,
                    deliveryTime TEXT,
                    createdAt REAL NOT NULL,
                    updatedAt REAL NOT NULL);
                CREATE INDEX purchase_order_provider_id ON purchase_order (provider, providerOrderId);
                CREATE TABLE delivered_card (
                    orderId TEXT NOT NULL REFERENCES purchase_order (id),
                    position INTEGER NOT NULL,
                    card TEXT NOT NULL,
                    deliveredAt REAL NOT NULL,
                    PRIMARY KEY (orderId, position));
                CREATE TABLE set_aside_file (
                    path TEXT PRIMARY KEY NOT NULL,
                    reason TEXT NOT NULL,
                    setAsideAt REAL NOT NULL,
                    salvagedOrders INTEGER NOT NULL,
                    salvagedCards INTEGER NOT NULL,
                    complete INTEGER NOT NULL,
                    acknowledged INTEGER NOT NULL DEFAULT 0);
                """),
        // The price a payment is checked against, and whether that check is still to be made (no exchange
        // rate could be had when the order was created).
        SQLiteMigration(
            "2-payment-check",
            sql: """
                ALTER TABLE purchase_order ADD COLUMN price TEXT;
                ALTER TABLE purchase_order ADD COLUMN paymentCheck TEXT;
                """),
        // Several cards in one order: the order's lines (JSON, written with the order; NULL reads as one
        // line of one card of `amount`), and the line each delivered card came under (NULL: the first).
        SQLiteMigration(
            "3-order-lines",
            sql: """
                ALTER TABLE purchase_order ADD COLUMN lines TEXT;
                ALTER TABLE delivered_card ADD COLUMN line INTEGER;
                """),
        // When the transaction that paid an order was recorded (the transaction id has its column since
        // 1-orders; a recorded one is never cleared or replaced).
        SQLiteMigration(
            "4-recorded-payment",
            sql: """
                ALTER TABLE purchase_order ADD COLUMN transactionRecordedAt REAL;
                """),
        // Every status an order was kept in, in order, with the provider's word and when: the steps a support
        // report lists. Orders kept before it have their steps from their next answer on.
        SQLiteMigration(
            "5-status-history",
            sql: """
                CREATE TABLE order_status_event (
                    orderId TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    providerStatus TEXT,
                    at REAL NOT NULL,
                    PRIMARY KEY (orderId, position));
                """),
    ])

    /// Opens (creating if needed) the orders database of `network` at `path` and brings its schema up to
    /// date; a damaged file is salvaged and set aside first (``setAside``), a newer one opened read-only
    /// (``newerVersion``). The file and its SQLite sidecars are private (0600).
    ///
    /// - Parameters:
    ///   - path: the file (created when missing).
    ///   - network: the network whose orders it keeps.
    ///   - now: the time used to name and date a file set aside.
    package init(path: String, network: DashSpendNetwork, now: Date = Date()) throws(SQLiteError) {
        self.path = path
        self.network = network
        readingOnly = false
        do {
            (connection, setAside) = try SQLiteFileAside.openTakingTurns(
                path,
                ready: { () throws(SQLiteError) in
                    try PrivateSQLiteFile.openIfReady(path, migrator: Self.migrator, purpose: Self.purpose)
                },
                create: { () throws(SQLiteError) in try Self.openChecked(path) },
                prepare: { Self.finishInterruptedSalvage(path) },
                recover: { (error) throws(SQLiteError) in
                    try Self.salvage(path, network: network, reason: error.description, now: now)
                })
            newerVersion = nil
        } catch let error where error.isNewerSchema {
            connection = try SQLiteConnection(path: path, mode: .readOnly)
            newerVersion = Self.newerVersionReason(path, unknown: error.unknownMigrations)
            setAside = nil
        }
    }

    /// Opens the orders database of `network` at `path` only to read it, as a command that only reads does:
    /// no migration, no salvage, no settling, no lock file; the file, its time stamps and its sidecars stay as
    /// they are (SQLite only takes a shared lock to read), and every write through it is refused. A file of
    /// an older schema reads with the columns it has.
    package init(readingOnly path: String, network: DashSpendNetwork) throws(SQLiteError) {
        self.path = path
        self.network = network
        connection = try SQLiteConnection(path: path, mode: .readOnly)
        newerVersion = nil
        setAside = nil
        readingOnly = true
    }

    /// What the file is called in errors.
    private static let purpose = "the orders database"

    /// Opens `path` (creating it), migrates it and checks its pages; corruption, "not a database" and a newer
    /// schema are thrown as such. Called holding the file's lock (see `SQLiteFileAside.openTakingTurns`).
    private static func openChecked(_ path: String) throws(SQLiteError) -> SQLiteConnection {
        try PrivateSQLiteFile.openMigrated(path, migrator: migrator, purpose: purpose)
    }

    /// `written by a newer version of DashSpend (migration 2-x), this version knows up to 1-orders`.
    private static func newerVersionReason(_ path: String, unknown: [String]) -> String {
        "the orders database \(path) was written by a newer version of DashSpend (schema "
            + unknown.joined(separator: ", ") + "; this version knows up to \(schemaVersion)): its orders are "
            + "shown as kept, and only that newer version may change them"
    }

    /// Salvages what can be read of the damaged file at `path` into a fresh file, sets the damaged one
    /// aside, and puts the fresh one in its place, recording where the damaged one went. Crash-safe: the
    /// fresh file is complete (`orders.db.salvaging`) before either rename, and an open that finds it
    /// without `orders.db` finishes the move (``finishInterruptedSalvage(_:)``).
    private static func salvage(_ path: String, network: DashSpendNetwork, reason: String, now: Date)
        throws(SQLiteError) -> SetAsideOrderFile
    {
        let salvaged = OrderSalvage.read(path, network: network)
        let aside = SQLiteFileAside.asidePath(for: path, now: now)
        let record = SetAsideOrderFile(
            path: aside, reason: reason, setAsideAt: now, salvagedOrders: salvaged.orders.count,
            salvagedCards: salvaged.cards, complete: salvaged.complete, acknowledged: false)
        let fresh = path + ".salvaging"
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(fresh + suffix) }
        do {
            let connection = try openChecked(fresh)
            try connection.transaction { db in
                for order in salvaged.orders { try OrderRows.insert(order, network: network.rawValue, into: db) }
                try SetAsideOrderFile.insert(record, into: db)
            }
        } catch {
            unlink(fresh)
            throw SQLiteError(error)
        }
        try SQLiteFileAside.move(path, to: aside, purpose: "orders database")
        guard rename(fresh, path) == 0 else {
            throw SQLiteError.cannotOpen(
                "cannot put the salvaged orders database \(fresh) in place: \(SystemError.message())")
        }
        return record
    }

    /// Puts a complete salvaged file left by an interrupted salvage in its place, when no orders database is
    /// there (the damaged one was moved aside, the salvaged one not yet moved in).
    private static func finishInterruptedSalvage(_ path: String) {
        let fresh = path + ".salvaging"
        guard access(path, F_OK) != 0, access(fresh, F_OK) == 0 else { return }
        rename(fresh, path)
    }
}
