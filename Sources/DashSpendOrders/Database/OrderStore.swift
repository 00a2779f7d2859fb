import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The orders and their delivered cards in the network's orders database (tables `purchase_order` and
/// `delivered_card`). Every write is one transaction; a card once stored is only ever replaced by another
/// answer that has cards. A database written by a newer version is only read: every write throws
/// ``OrderStoreReadOnly``.
package struct OrderStore: Sendable {
    /// The orders database.
    package let database: OrderDatabase
    private var connection: SQLiteConnection { database.connection }
    private var network: String { database.network.rawValue }

    /// A store in `database`.
    package init(database: OrderDatabase) {
        self.database = database
    }

    /// Writes a new order (its row and its cards); fails when the database refuses it.
    package func insert(_ order: Order) throws {
        try writable()
        try connection.transaction { db in try OrderRows.insert(order, network: network, into: db) }
    }

    /// Writes the new `order` unless `blocking` finds, among the orders kept, one that stops it; returns
    /// those (empty when it was written). The look and the write are one transaction (`BEGIN IMMEDIATE`), so
    /// of two buys of one card (in this process or another) only the first passes the look.
    package func insert(_ order: Order, unless blocking: ([Order]) -> [Order]) throws -> [Order] {
        try writable()
        return try connection.transaction { db in
            let stopping = blocking(try Self.orders(in: db, where: "network = ?1", [.text(network)]))
            if stopping.isEmpty { try OrderRows.insert(order, network: network, into: db) }
            return stopping
        }
    }

    /// Writes `order` whole: its row when it is new, what may change when it is kept, and its cards when it
    /// has some.
    package func save(_ order: Order) throws {
        try writable()
        try connection.transaction { db in
            let kept = try db.fetchOne(
                "SELECT 1 AS kept FROM purchase_order WHERE id = ?1 AND network = ?2", [.text(order.id), .text(network)]
            ) { _ in true }
            if kept == true {
                try OrderRows.update(order, network: network, in: db)
            } else {
                try OrderRows.insert(order, network: network, into: db)
            }
        }
    }

    /// The statuses the order `id` was kept in, oldest first (empty for an order kept before the history was).
    package func statusHistory(of id: String) throws -> [OrderStatusStep] {
        try OrderRows.statusHistory(of: id, in: connection)
    }

    /// Writes the orders of `orders` that are not kept yet (by local id), with their cards; returns the ids
    /// written. Orders already kept are left as they are.
    @discardableResult
    package func insertAbsent(_ orders: [Order]) throws -> [String] {
        try writable()
        return try connection.transaction { db in
            var written: [String] = []
            for order in orders {
                let kept = try db.fetchOne("SELECT 1 AS kept FROM purchase_order WHERE id = ?1", [.text(order.id)]) { _ in
                    true
                }
                guard kept != true else { continue }
                try OrderRows.insert(order, network: network, into: db)
                written.append(order.id)
            }
            return written
        }
    }

    /// What ``recordPayment(orderId:transactionId:at:)`` found.
    package enum PaymentRecord: Sendable, Hashable {
        /// The transaction is recorded now.
        case recorded
        /// The same transaction was recorded already: nothing changed.
        case recordedAlready
        /// Another transaction is recorded (it is given): nothing changed.
        case otherRecorded(String)
        /// No order of this network has that local id.
        case notKept
    }

    /// Records `transactionId` as the transaction that paid the order with local id `id`, at `now`, unless
    /// one is recorded already (the same, compared in any case, or another: nothing changes). The look and
    /// the write are one transaction, so of two processes recording different transactions only the first
    /// is kept.
    package func recordPayment(orderId id: String, transactionId: String, at now: Date) throws -> PaymentRecord {
        try writable()
        return try connection.transaction { db in
            let kept = try db.fetchOne(
                "SELECT transactionId FROM purchase_order WHERE id = ?1 AND network = ?2", [.text(id), .text(network)]
            ) { row -> String? in row.text("transactionId") }
            guard let kept else { return .notKept }
            if let recorded = kept {
                return recorded.lowercased() == transactionId.lowercased() ? .recordedAlready : .otherRecorded(recorded)
            }
            try db.execute(
                """
                UPDATE purchase_order SET transactionId = ?3, transactionRecordedAt = ?4, updatedAt = ?4
                WHERE id = ?1 AND network = ?2 AND transactionId IS NULL
                """,
                [.text(id), .text(network), .text(transactionId), .real(now.timeIntervalSince1970)])
            return .recorded
        }
    }

    /// Removes an order the provider refused outright (nothing was bought).
    package func delete(id: String) throws {
        try writable()
        try connection.transaction { db in
            try db.execute("DELETE FROM delivered_card WHERE orderId = ?1", [.text(id)])
            try db.execute("DELETE FROM purchase_order WHERE id = ?1 AND network = ?2", [.text(id), .text(network)])
        }
    }

    /// Makes every order still `creating` `unknown`, with `message`: called when no buy is in flight, so
    /// each was cut off after its create may have gone out. Returns how many changed.
    @discardableResult
    package func settleInterruptedCreates(message: String, at now: Date) throws -> Int {
        guard database.newerVersion == nil, !database.readingOnly else { return 0 }
        let pending =
            try connection.fetchOne(
                "SELECT COUNT(*) AS pending FROM purchase_order WHERE network = ?1 AND status = 'creating'", [.text(network)]
            ) { $0.integer("pending") ?? 0 } ?? 0
        guard pending > 0 else { return 0 }
        try connection.execute(
            "UPDATE purchase_order SET status = 'unknown', message = ?2, updatedAt = ?3 WHERE network = ?1 AND status = 'creating'",
            [.text(network), .text(message), .real(now.timeIntervalSince1970)])
        return pending
    }

    /// Every order of the network, newest first.
    package func all() throws -> [Order] {
        try orders(where: "network = ?1", [.text(network)])
    }

    /// The order with local id `id`, else the one whose provider order id is `id`.
    package func order(id: String) throws -> Order? {
        if let local = try orders(where: "network = ?1 AND id = ?2", [.text(network), .text(id)]).first { return local }
        return try orders(where: "network = ?1 AND providerOrderId = ?2", [.text(network), .text(id)]).first
    }

    /// The order the provider `providerId` knows as `providerOrderId`.
    package func order(providerId: String, providerOrderId: String) throws -> Order? {
        try orders(
            where: "network = ?1 AND provider = ?2 AND providerOrderId = ?3",
            [.text(network), .text(providerId), .text(providerOrderId)]
        ).first
    }

    /// The local id of the kept order the provider `providerId` knows as `providerOrderId`, nil when none is
    /// kept. Read from the rows themselves, not from the orders they decode to: a row too damaged to read as
    /// an order still holds its provider's id, and a new answer naming that id is not a new order.
    package func keptOrderId(providerId: String, providerOrderId: String) throws -> String? {
        try connection.read { db in
            try db.fetchOne(
                "SELECT id FROM purchase_order WHERE network = ?1 AND lower(provider) = ?2 AND providerOrderId = ?3 "
                    + "ORDER BY createdAt, id LIMIT 1",
                [.text(network), .text(providerId.lowercased()), .text(providerOrderId)]
            ) { $0.text("id") } ?? nil
        }
    }

    /// Every damaged file set aside with orders in it, newest first.
    package func setAsideFiles() throws -> [SetAsideOrderFile] {
        try connection.fetchAll("SELECT * FROM set_aside_file ORDER BY setAsideAt DESC, path") { SetAsideOrderFile.record($0) }
            .compactMap { $0 }
    }

    /// Records a damaged file set aside with orders in it.
    package func recordSetAside(_ record: SetAsideOrderFile) throws {
        try writable()
        try connection.transaction { db in try SetAsideOrderFile.insert(record, into: db) }
    }

    /// Marks every set-aside file as shown to the user.
    package func acknowledgeSetAsideFiles() throws {
        guard database.newerVersion == nil, !database.readingOnly else { return }
        try connection.execute("UPDATE set_aside_file SET acknowledged = 1 WHERE acknowledged = 0")
    }

    private func orders(where condition: String, _ arguments: [SQLiteValue]) throws -> [Order] {
        try connection.read { db in try Self.orders(in: db, where: condition, arguments) }
    }

    /// The orders matching `condition`, newest first, with their cards, read through `db`.
    private static func orders(
        in db: borrowing SQLiteConnection.Access, where condition: String, _ arguments: [SQLiteValue]
    ) throws -> [Order] {
        var orders = try db.fetchAll(
            "SELECT * FROM purchase_order WHERE \(condition) ORDER BY createdAt DESC, id", arguments
        ) { row -> Order? in OrderRows.order(row) }.compactMap { $0 }
        for index in orders.indices {
            orders[index].cards = try db.fetchAll(
                // Every column by name: a file opened only to read keeps its older schema (no `line` before 3).
                "SELECT * FROM delivered_card WHERE orderId = ?1 ORDER BY position", [.text(orders[index].id)]
            ) { OrderRows.card($0) }.compactMap { $0 }
        }
        return orders
    }

    private func writable() throws {
        if let reason = database.newerVersion { throw OrderStoreReadOnly(reason: reason) }
        if database.readingOnly {
            throw OrderStoreReadOnly(reason: "the orders database \(database.path) was opened only to be read")
        }
    }
}

/// A write refused because the orders database was written by a newer version.
package struct OrderStoreReadOnly: Error, CustomStringConvertible {
    /// Why, naming both versions.
    package let reason: String
    /// The reason.
    package var description: String { reason }
}
