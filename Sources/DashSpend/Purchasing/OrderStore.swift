import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The orders and their delivered cards in the network's state database (tables `purchase_order` and
/// `delivered_card`). Every write is one transaction; a card once stored is only ever replaced by another
/// answer that has cards.
package struct OrderStore: Sendable {
    /// The state database.
    package let database: StateDatabase
    private var connection: SQLiteConnection { database.connection }
    private var network: String { database.network.rawValue }

    /// A store in `database`.
    package init(database: StateDatabase) {
        self.database = database
    }

    /// Writes `order` whole (insert or replace), with its cards when it has some.
    package func save(_ order: Order) throws {
        let cards = try order.cards.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try connection.transaction { db in
            try db.execute(
                """
                INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                    amount, currency, status, paymentURI, dashAmount, message, transactionId, createdAt, updatedAt)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                ON CONFLICT (id) DO UPDATE SET providerOrderId = excluded.providerOrderId, status = excluded.status,
                    paymentURI = excluded.paymentURI, dashAmount = excluded.dashAmount, message = excluded.message,
                    transactionId = excluded.transactionId, updatedAt = excluded.updatedAt
                """,
                [
                    .text(order.id), .text(network), .text(order.provider.id), Self.optional(order.providerOrderId),
                    .text(order.merchantId), .text(order.merchantName), .text(order.sourceId),
                    .text(order.amount.plainText(fractionDigits: 2)), .text(order.currency), .text(order.status.rawValue),
                    Self.optional(order.paymentURI), Self.optional(order.dashAmount.map { "\($0)" }),
                    Self.optional(order.message), Self.optional(order.transactionId),
                    .real(order.createdAt.timeIntervalSince1970), .real(order.updatedAt.timeIntervalSince1970),
                ])
            guard !cards.isEmpty else { return }
            try db.execute("DELETE FROM delivered_card WHERE orderId = ?1", [.text(order.id)])
            for (position, card) in cards.enumerated() {
                try db.execute(
                    "INSERT INTO delivered_card (orderId, position, card, deliveredAt) VALUES (?1, ?2, ?3, ?4)",
                    [.text(order.id), .integer(Int64(position)), .text(card), .real(order.updatedAt.timeIntervalSince1970)])
            }
        }
    }

    /// Removes an order the provider refused outright (nothing was bought).
    package func delete(id: String) throws {
        try connection.transaction { db in
            try db.execute("DELETE FROM delivered_card WHERE orderId = ?1", [.text(id)])
            try db.execute("DELETE FROM purchase_order WHERE id = ?1 AND network = ?2", [.text(id), .text(network)])
        }
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

    /// The order `provider` knows as `providerOrderId`.
    package func order(provider: GiftCardProvider, providerOrderId: String) throws -> Order? {
        try orders(
            where: "network = ?1 AND provider = ?2 AND providerOrderId = ?3",
            [.text(network), .text(provider.id), .text(providerOrderId)]
        ).first
    }

    private func orders(where condition: String, _ arguments: [SQLiteValue]) throws -> [Order] {
        let rows = try connection.read { db in
            try db.fetchAll(
                "SELECT * FROM purchase_order WHERE \(condition) ORDER BY createdAt DESC, id", arguments
            ) { row -> Order? in Self.order(row) }
        }
        return try rows.compactMap { $0 }.map { order in
            var order = order
            order.cards = try connection.read { db in
                try db.fetchAll(
                    "SELECT card FROM delivered_card WHERE orderId = ?1 ORDER BY position", [.text(order.id)]
                ) { $0.text("card") }
            }.compactMap { text in text.flatMap { try? JSONDecoder().decode(DeliveredCard.self, from: Data($0.utf8)) } }
            return order
        }
    }

    /// An order from its row; nil for a row this version cannot read (an unknown provider in this build).
    private static func order(_ row: SQLiteRow) -> Order? {
        guard let id = row.text("id"), let provider = row.text("provider").flatMap(GiftCardProvider.init(id:)),
            let amount = row.text("amount").flatMap(Decimal.init(plainText:))
        else { return nil }
        return Order(
            id: id, provider: provider, providerOrderId: row.text("providerOrderId"),
            merchantId: row.text("merchantId") ?? "", merchantName: row.text("merchantName") ?? "",
            sourceId: row.text("sourceId") ?? "", amount: amount, currency: row.text("currency") ?? "USD",
            status: row.text("status").flatMap(OrderStatus.init(rawValue:)) ?? .unknown, paymentURI: row.text("paymentURI"),
            dashAmount: row.text("dashAmount").flatMap(Decimal.init(plainText:)), message: row.text("message"),
            transactionId: row.text("transactionId"),
            createdAt: Date(timeIntervalSince1970: row.double("createdAt") ?? 0),
            updatedAt: Date(timeIntervalSince1970: row.double("updatedAt") ?? 0))
    }

    private static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
}
