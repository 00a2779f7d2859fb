package import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads every order and card that can still be read from an SQLite file, damaged or not: the orders
/// database before it is set aside, or a state database of version 0.1.0 (which kept the orders).
///
/// The file is opened immutable (no lock, no journal, nothing written). Each table is read whole when it
/// can be; when a damaged page stops that, it is read row by row (by rowid, up to the largest one, or past
/// the last one read), so one damaged page loses only the rows on it.
package enum OrderSalvage {
    /// What was read.
    package struct Result {
        /// The orders read, with the cards read for them.
        package var orders: [Order] = []
        /// How many cards were read.
        package var cards = 0
        /// Whether the file has an orders table at all (false for a file that is not SQLite, or whose schema
        /// cannot be read: it may have had one).
        package var hasOrdersTable = false
        /// Whether every row of both tables was read.
        package var complete = false
    }

    /// The provider of a placeholder order kept for cards whose order row was lost: no provider is named
    /// that, so the order is shown as kept and never asked about.
    static let lostProvider = "unknown"

    /// How many rowids past the last one read are tried when the largest rowid cannot be read.
    static let probeWindow: Int64 = 10_000

    /// The orders of `network` (and their cards) that can be read from the file at `path`.
    package static func read(_ path: String, network: DashSpendNetwork) -> Result {
        var result = Result()
        // A file SQLite cannot open has no rows to give: it stays where it is and is tried again at the next open.
        guard let connection = try? SQLiteConnection(path: path, mode: .immutable, statementCacheSize: 0) else {
            return result
        }
        let tables: [String]
        do {
            tables = try connection.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text("name") ?? "" }
        } catch {
            return result
        }
        guard tables.contains("purchase_order") else {
            result.complete = true
            return result
        }
        result.hasOrdersTable = true
        var elsewhere: Set<String> = []
        let (orderRows, ordersComplete) = rows(of: "purchase_order", in: connection) { row -> Order? in
            // The orders of another network kept in the same file (0.1.0 allowed it) are not this one's.
            if let kept = row.text("network"), kept != network.rawValue {
                if let id = row.text("id") { elsewhere.insert(id) }
                return nil
            }
            return OrderRows.order(row)
        }
        var orders = orderRows.compactMap { $0 }
        var cardsComplete = true
        if tables.contains("delivered_card") {
            let (cardRows, complete) = rows(of: "delivered_card", in: connection) {
                row -> (String, Int, DeliveredCard, Double)? in
                guard let orderId = row.text("orderId"), let card = OrderRows.card(row) else { return nil }
                return (orderId, row.integer("position") ?? 0, card, row.double("deliveredAt") ?? 0)
            }
            cardsComplete = complete
            var byOrder: [String: [(Int, DeliveredCard)]] = [:]
            var deliveredAt: [String: Double] = [:]
            for case let (orderId, position, card, delivered)? in cardRows where !elsewhere.contains(orderId) {
                byOrder[orderId, default: []].append((position, card))
                deliveredAt[orderId] = min(deliveredAt[orderId] ?? delivered, delivered)
            }
            for index in orders.indices {
                let cards = (byOrder.removeValue(forKey: orders[index].id) ?? []).sorted { $0.0 < $1.0 }.map(\.1)
                orders[index].cards = cards
                result.cards += cards.count
            }
            // Cards whose order row was lost are what was paid for all the same: each is carried over under a
            // placeholder order named by the card's order id.
            for (orderId, rows) in byOrder.sorted(by: { $0.key < $1.key }) {
                var placeholder = Order(
                    id: orderId, providerId: lostProvider, merchantId: "", merchantName: "", sourceId: "", amount: 0,
                    status: .unknown,
                    message: "salvaged from a damaged orders file: this order's own row could not be read, its cards could",
                    createdAt: Date(timeIntervalSince1970: deliveredAt[orderId] ?? 0),
                    updatedAt: Date(timeIntervalSince1970: deliveredAt[orderId] ?? 0))
                placeholder.cards = rows.sorted { $0.0 < $1.0 }.map(\.1)
                orders.append(placeholder)
                result.cards += placeholder.cards.count
            }
        }
        result.orders = orders
        result.complete = ordersComplete && cardsComplete
        return result
    }

    /// Every row of `table` that can be read, mapped by `transform`, and whether all of them were read.
    private static func rows<T>(
        of table: String, in connection: SQLiteConnection, _ transform: (SQLiteRow) -> T
    ) -> (rows: [T], complete: Bool) {
        var read: [Int64: T] = [:]
        var last: Int64 = 0
        do {
            try connection.read { db in
                try db.forEach("SELECT rowid AS salvage_rowid, * FROM \(table) ORDER BY rowid") { row in
                    let rowid = Int64(row.integer("salvage_rowid") ?? 0)
                    read[rowid] = transform(row)
                    last = max(last, rowid)
                }
            }
            return (read.keys.sorted().compactMap { read[$0] }, true)
        } catch {
            // A damaged page: row by row past what was read.
        }
        // Without the largest rowid, the probe runs a window past the last row read: the result says incomplete.
        let largest = (try? connection.fetchOne("SELECT max(rowid) AS largest FROM \(table)") { $0.integer("largest") })
            .flatMap { $0 }.map(Int64.init)
        let bound = largest ?? (last + probeWindow)
        var rowid = Int64(1)
        while rowid <= bound {
            if read[rowid] == nil {
                // A row on a damaged page is skipped; the rows beyond it are still read, and the result says incomplete.
                let found = try? connection.fetchOne(
                    "SELECT rowid AS salvage_rowid, * FROM \(table) WHERE rowid = ?1", [.integer(rowid)]
                ) { transform($0) }
                if let found { read[rowid] = found }
            }
            rowid += 1
        }
        return (read.keys.sorted().compactMap { read[$0] }, false)
    }
}
