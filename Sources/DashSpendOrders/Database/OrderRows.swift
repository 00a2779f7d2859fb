import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An order's row and its cards' rows, read by column name: the orders database's schema and the one
/// version 0.1.0 kept in the state database both read (a column a file lacks reads as its default), so an
/// order is read, salvaged or imported the same way from either.
enum OrderRows {
    /// The order of `row`; nil for a row without an id, a provider or a readable amount.
    static func order(_ row: SQLiteRow) -> Order? {
        guard let id = row.text("id"), let provider = row.text("provider"), !provider.isEmpty,
            let amount = row.text("amount").flatMap(Decimal.init(plainText:))
        else { return nil }
        var order = Order(
            id: id, providerId: provider.lowercased(), providerOrderId: row.text("providerOrderId"),
            merchantId: row.text("merchantId") ?? "", merchantName: row.text("merchantName") ?? "",
            sourceId: row.text("sourceId") ?? "", amount: amount, currency: row.text("currency") ?? "USD",
            status: status(row.text("status")), providerStatus: row.text("providerStatus"),
            lastKnownStatus: row.text("lastKnownStatus").map(status), paymentURI: row.text("paymentURI"),
            dashAmount: row.text("dashAmount").flatMap(Decimal.init(plainText:)), message: row.text("message"),
            transactionId: row.text("transactionId"), foundByTransaction: (row.integer("foundByTransaction") ?? 0) != 0,
            deliveryTime: row.text("deliveryTime"),
            createdAt: Date(timeIntervalSince1970: row.double("createdAt") ?? 0),
            updatedAt: Date(timeIntervalSince1970: row.double("updatedAt") ?? 0))
        order.price = row.text("price").flatMap(Decimal.init(plainText:))
        order.paymentCheckPending = row.text("paymentCheck") == pendingCheck
        if let lines = lines(row.text("lines")) { order.lines = lines }
        order.transactionRecordedAt = row.double("transactionRecordedAt").map(Date.init(timeIntervalSince1970:))
        return order
    }

    /// The lines of a `lines` text: `[{"amount":"25.00","quantity":2,"productId":"9201"}]`; nil for no text,
    /// or text that does not read as at least one line with a positive amount and quantity (the order then
    /// reads as one line of its amount, as an order kept before orders had lines does).
    static func lines(_ text: String?) -> [OrderLine]? {
        // Lines that do not read fall back to one line of the order's amount (kept in its own column), as documented above.
        guard let text, let elements = (try? JSONValue.parse(text.utf8Data))?.array, !elements.isEmpty else {
            return nil
        }
        var lines: [OrderLine] = []
        for element in elements {
            guard let amount = element["amount"]?.decimal, amount > 0, let quantity = element["quantity"]?.int,
                quantity > 0
            else { return nil }
            lines.append(OrderLine(amount: amount, quantity: quantity, productId: element["productId"]?.nonBlankString))
        }
        return lines
    }

    /// The text `lines` are kept as (amounts as plain text, never a binary fraction).
    static func linesText(_ lines: [OrderLine]) -> String {
        let elements = lines.map { line -> JSONValue in
            var members: [String: JSONValue] = [
                "amount": .string(line.amount.plainText(fractionDigits: 2)), "quantity": .number(Decimal(line.quantity)),
            ]
            if let productId = line.productId { members["productId"] = .string(productId) }
            return .object(members)
        }
        return String(decoding: JSONValue.array(elements).encoded(), as: UTF8.self)
    }

    /// The `paymentCheck` of an order whose payment waits for a check against an exchange rate.
    static let pendingCheck = "pending"

    /// A stored status; a word this version does not know (written by a newer one) is `unknown`.
    private static func status(_ text: String?) -> OrderStatus {
        text.flatMap(OrderStatus.init(rawValue:)) ?? .unknown
    }

    /// The card of a `delivered_card` row (its `card` text, its `line`); nil only when there is no text.
    static func card(_ row: SQLiteRow) -> DeliveredCard? {
        guard var card = card(row.text("card")) else { return nil }
        card.line = row.integer("line")
        return card
    }

    /// The card of a `delivered_card` row's `card` text; nil only when there is no text. A card is never
    /// dropped for its form, since it is what was paid for: a JSON object the strict decoding refuses (a field
    /// another version wrote as a number, say) is read field by field, and text that is no JSON object at all
    /// is kept whole as the card's number, so that it is still shown.
    static func card(_ text: String?) -> DeliveredCard? {
        guard let text, !text.trimmedWhitespace.isEmpty else { return nil }
        let data = text.utf8Data
        // The strict shape first: an object it refuses (another version's field types) is read field by field below.
        if let card = try? JSONDecoder().decode(DeliveredCard.self, from: data) { return card }
        // Not a JSON object at all: the text is kept whole as the card's number, so it is still shown.
        guard let fields = (try? JSONValue.parse(data))?.object else { return DeliveredCard(number: text) }
        return DeliveredCard(
            name: fields["name"]?.string, number: fields["number"]?.string, pin: fields["pin"]?.string,
            claimLink: fields["claimLink"]?.string, barcodeLink: fields["barcodeLink"]?.string,
            redeemChallenge: fields["redeemChallenge"]?.string)
    }

    /// The text a card is kept as.
    static func cardText(_ card: DeliveredCard) throws -> String {
        String(decoding: try JSONEncoder().encode(card), as: UTF8.self)
    }

    /// Inserts `order` (a new row) with its cards, in the transaction of `db`, on `network`.
    static func insert(_ order: Order, network: String, into db: borrowing SQLiteConnection.Access) throws {
        try db.execute(
            """
            INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                amount, currency, status, providerStatus, lastKnownStatus, paymentURI, dashAmount, message,
                transactionId, foundByTransaction, deliveryTime, createdAt, updatedAt, price, paymentCheck, lines,
                transactionRecordedAt)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22,
                ?23, ?24)
            """,
            [
                .text(order.id), .text(network), .text(order.providerId), optional(order.providerOrderId),
                .text(order.merchantId), .text(order.merchantName), .text(order.sourceId),
                .text(order.amount.plainText(fractionDigits: 2)), .text(order.currency), .text(order.status.rawValue),
                optional(order.providerStatus), optional(order.lastKnownStatus?.rawValue), optional(order.paymentURI),
                optional(order.dashAmount.map { "\($0)" }), optional(order.message), optional(order.transactionId),
                .integer(order.foundByTransaction ? 1 : 0), optional(order.deliveryTime),
                .real(order.createdAt.timeIntervalSince1970), .real(order.updatedAt.timeIntervalSince1970),
                optional(order.price.map { "\($0)" }), optional(order.paymentCheckPending ? pendingCheck : nil),
                .text(linesText(order.lines)), optional(order.transactionRecordedAt),
            ])
        try replaceCards(of: order, in: db)
        try recordStatus(of: order, in: db)
    }

    /// Appends `order`'s status to its history (table `order_status_event`) when it differs from the last
    /// one kept there (or the provider's word for it does): the history only grows.
    private static func recordStatus(of order: Order, in db: borrowing SQLiteConnection.Access) throws {
        let last = try db.fetchOne(
            """
            SELECT position, status, providerStatus FROM order_status_event WHERE orderId = ?1
            ORDER BY position DESC LIMIT 1
            """, [.text(order.id)]
        ) { ($0.integer("position") ?? 0, $0.text("status"), $0.text("providerStatus")) }
        if let last, last.1 == order.status.rawValue, last.2 == order.providerStatus { return }
        try db.execute(
            "INSERT INTO order_status_event (orderId, position, status, providerStatus, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            [
                .text(order.id), .integer(Int64((last?.0 ?? -1) + 1)), .text(order.status.rawValue),
                optional(order.providerStatus), .real(order.updatedAt.timeIntervalSince1970),
            ])
    }

    /// The statuses `orderId` was kept in, oldest first.
    static func statusHistory(of orderId: String, in connection: SQLiteConnection) throws -> [OrderStatusStep] {
        try connection.fetchAll(
            "SELECT status, providerStatus, at FROM order_status_event WHERE orderId = ?1 ORDER BY position",
            [.text(orderId)]
        ) { row in
            OrderStatusStep(
                status: OrderStatus(rawValue: row.text("status") ?? "") ?? .unknown,
                providerStatus: row.text("providerStatus"), date: Date(timeIntervalSince1970: row.double("at") ?? 0))
        }
    }

    /// Writes what may change of a kept order (its facts are written once, by ``insert(_:network:into:)``,
    /// or here while the order has no provider id yet; its lines and the transaction that paid it are never
    /// replaced once kept), and its cards when it has some.
    static func update(_ order: Order, network: String, in db: borrowing SQLiteConnection.Access) throws {
        try db.execute(
            """
            UPDATE purchase_order SET providerOrderId = ?3, status = ?4, providerStatus = ?5, lastKnownStatus = ?6,
                paymentURI = ?7, dashAmount = ?8, message = ?9, transactionId = coalesce(transactionId, ?10),
                deliveryTime = ?11, updatedAt = ?12, merchantName = ?13, paymentCheck = ?14, price = coalesce(price, ?15),
                lines = coalesce(lines, ?16), transactionRecordedAt = coalesce(transactionRecordedAt, ?17)
            WHERE id = ?1 AND network = ?2
            """,
            [
                .text(order.id), .text(network), optional(order.providerOrderId), .text(order.status.rawValue),
                optional(order.providerStatus), optional(order.lastKnownStatus?.rawValue), optional(order.paymentURI),
                optional(order.dashAmount.map { "\($0)" }), optional(order.message), optional(order.transactionId),
                optional(order.deliveryTime), .real(order.updatedAt.timeIntervalSince1970), .text(order.merchantName),
                optional(order.paymentCheckPending ? pendingCheck : nil), optional(order.price.map { "\($0)" }),
                .text(linesText(order.lines)), optional(order.transactionRecordedAt),
            ])
        try replaceCards(of: order, in: db)
        try recordStatus(of: order, in: db)
    }

    /// Replaces the kept cards of `order` with its cards, when it has some (a card once kept is only ever
    /// replaced by another answer that has cards).
    private static func replaceCards(of order: Order, in db: borrowing SQLiteConnection.Access) throws {
        guard !order.cards.isEmpty else { return }
        let texts = try order.cards.map(cardText)
        try db.execute("DELETE FROM delivered_card WHERE orderId = ?1", [.text(order.id)])
        for (position, (card, text)) in zip(order.cards, texts).enumerated() {
            try db.execute(
                "INSERT INTO delivered_card (orderId, position, card, deliveredAt, line) VALUES (?1, ?2, ?3, ?4, ?5)",
                [
                    .text(order.id), .integer(Int64(position)), .text(text), .real(order.updatedAt.timeIntervalSince1970),
                    card.line.map { .integer(Int64($0)) } ?? .null,
                ])
        }
    }

    static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }

    static func optional(_ date: Date?) -> SQLiteValue { date.map { .real($0.timeIntervalSince1970) } ?? .null }
}
