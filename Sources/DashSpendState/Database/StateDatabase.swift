package import DashSpendCore
package import DashSpendPrivateFiles
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

/// The project's cache for one network (`<state>/<network>/state.db`): the providers' last answers and
/// exchange rates, everything that can be asked again. Never the explore database, which is only ever read,
/// and never the orders, which are precious and kept apart (`OrderDatabase`, `orders.db`); version 0.1.0
/// kept them here, and the orders database takes them over.
///
/// The schema is a list of named migrations, applied on open. A file that is not SQLite or is damaged is
/// moved aside to `state.db.damaged-<timestamp>` (with its SQLite sidecars) and a fresh one is created;
/// ``recovery`` says so, so the caller can tell the user once. A file written by a newer version is never
/// moved nor rewritten: opening it fails with `SQLiteError.isNewerSchema` (the caller goes without the
/// cache). The file is created, migrated and moved aside only holding `state.db.lock` (`flock`, 0600):
/// processes that find it damaged at the same time check again once they hold it, so one moves the file
/// aside and the others open the fresh one, and none creates a file another is moving.
/// Something else in the file's place (a FIFO, another user's file) is refused, never moved.
package final class StateDatabase: Sendable {
    /// Where the file is.
    package let path: String
    /// The network whose state this is.
    package let network: DashSpendNetwork
    /// What was wrong with the file found at ``path`` and where it went, when it could not be used.
    package let recovery: StateDatabaseRecovery?
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
        // Rates are money: kept as the provider's decimal text, never as a binary float. The rows of
        // `3-exchange-rates` are a cache, so they are dropped rather than converted through a `Double`.
        SQLiteMigration(
            "4-exchange-rates-as-text",
            sql: """
                DROP TABLE exchange_rate;
                CREATE TABLE exchange_rate (
                    provider TEXT NOT NULL,
                    network TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    rate TEXT NOT NULL,
                    fetchedAt REAL NOT NULL,
                    dateModified TEXT,
                    PRIMARY KEY (provider, network, currency));
                """),
        // Which watch (in any process) asks a provider about an order until when: see `OrderAskLeases`.
        SQLiteMigration(
            "5-order-ask-leases",
            sql: """
                CREATE TABLE order_ask_lease (
                    network TEXT NOT NULL,
                    orderId TEXT NOT NULL,
                    holder TEXT NOT NULL,
                    askedAt REAL NOT NULL,
                    until REAL NOT NULL,
                    PRIMARY KEY (network, orderId));
                """),
    ])

    /// Opens (creating if needed) the state database of `network` at `path` and brings its schema up to
    /// date; a damaged file is moved aside first (see ``recovery``), a newer one is refused
    /// (`SQLiteError.isNewerSchema`) and left as it is. The file and its SQLite sidecars are private (0600).
    ///
    /// - Parameters:
    ///   - path: the file (created when missing).
    ///   - network: the network whose state it keeps.
    ///   - now: the time used to name a file moved aside.
    ///   - checkedVersions: where the file versions that passed the page check are remembered, so that an
    ///     unchanged file is not read whole on every open; nil checks every time. A file found damaged is
    ///     always checked again before it is moved aside.
    package init(
        path: String, network: DashSpendNetwork, now: Date = Date(), checkedVersions: DatabaseIntegrityStamp? = nil
    ) throws(SQLiteError) {
        self.path = path
        self.network = network
        let purpose = "the state database"
        (connection, recovery) = try SQLiteFileAside.openTakingTurns(
            path,
            ready: { () throws(SQLiteError) in
                try PrivateSQLiteFile.openIfReady(
                    path, migrator: Self.migrator, purpose: purpose, checkedVersions: checkedVersions)
            },
            create: { () throws(SQLiteError) in
                try PrivateSQLiteFile.openMigrated(path, migrator: Self.migrator, purpose: purpose)
            },
            recover: { (error) throws(SQLiteError) in
                let aside = SQLiteFileAside.asidePath(for: path, now: now)
                try SQLiteFileAside.move(path, to: aside, purpose: "state database")
                return StateDatabaseRecovery(path: path, movedTo: aside, reason: error.description)
            })
    }
}
