import DashSpendCore
import DashSpendOrders
import DashSpendPrivateFiles
import DashSpendSQLite
import DashSpendState

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Moves the orders a state database of version 0.1.0 kept (its `purchase_order` and `delivered_card`
/// tables) into the orders database, so that the state database is only a cache: read, written to the
/// orders database (an order already there is left as it is), and only then removed from the state
/// database. Each step can be cut off and run again.
enum LegacyOrderImport {
    /// What an import did.
    struct Outcome {
        /// How many orders were written to the orders database.
        var imported = 0
        /// Whether the file has an orders table with rows this import could not all read, or that were not in
        /// the orders database yet: the file holds orders, and where it is must be kept and said.
        var heldOrders = false
        /// Whether every row was read.
        var complete = true
        /// How many orders and cards were read.
        var read = (orders: 0, cards: 0)
    }

    /// Imports the orders of the healthy state database at `statePath` into `store`, then removes them
    /// from it. A file that is missing, not a regular file, written by a newer version or without orders is
    /// left alone; a damaged one is read as far as it can be and left as it is (its opening sets it aside).
    /// Throws, moving nothing, when the file's recorded migrations cannot be read (its version is unknown).
    @discardableResult
    static func fromStateDatabase(at statePath: String, into store: OrderStore) throws -> Outcome {
        var outcome = Outcome()
        var info = stat()
        guard lstat(statePath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
            return outcome
        }
        // Not openable or no orders table: nothing is moved or removed, and a damaged file is salvaged by its own opening.
        guard let connection = try? SQLiteConnection(path: statePath, mode: .readOnly),
            let pending = try? connection.fetchOne(
                "SELECT COUNT(*) AS pending FROM purchase_order", [], { $0.integer("pending") ?? 0 }),
            pending > 0
        else { return outcome }
        let known = Set(StateDatabase.migrator.migrations.map(\.name))
        // A migrations table that cannot be read leaves the file's version unknown: it may be a newer version's,
        // which is never rewritten, so the import fails (the caller says so) and nothing is moved or removed.
        let recorded = try StateDatabase.migrator.appliedMigrations(connection)
        guard recorded.allSatisfy(known.contains) else { return outcome }  // a newer version's: never rewritten
        let salvaged = OrderSalvage.read(statePath, network: store.database.network)
        outcome.complete = salvaged.complete
        outcome.read = (salvaged.orders.count, salvaged.cards)
        outcome.imported = try store.insertAbsent(salvaged.orders).count
        outcome.heldOrders = true
        guard salvaged.complete else { return outcome }
        // Kept in the orders database now: removed from the cache, in one transaction. Never creating the file:
        // only the holder of its lock does (`SQLiteFileAside.openTakingTurns`), and it may be moving it aside.
        let moved = salvaged.orders.map(\.id)
        let writer = try SQLiteConnection(path: statePath, mode: .readWriteExisting)
        try writer.transaction { db in
            for id in moved {
                guard try store.order(id: id) != nil else { continue }
                try db.execute("DELETE FROM delivered_card WHERE orderId = ?1", [.text(id)])
                try db.execute("DELETE FROM purchase_order WHERE id = ?1", [.text(id)])
            }
        }
        return outcome
    }

    /// Imports what can be read of the orders in the damaged state database set aside at `asidePath`.
    static func fromSetAsideFile(at asidePath: String, into store: OrderStore) throws -> Outcome {
        var outcome = Outcome()
        let salvaged = OrderSalvage.read(asidePath, network: store.database.network)
        outcome.complete = salvaged.complete
        outcome.read = (salvaged.orders.count, salvaged.cards)
        outcome.imported = try store.insertAbsent(salvaged.orders).count
        outcome.heldOrders = salvaged.hasOrdersTable && (outcome.imported > 0 || !salvaged.complete)
        return outcome
    }
}
