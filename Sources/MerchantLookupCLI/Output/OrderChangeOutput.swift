import DashSpend
import DashSpendCore

/// A change `orders --watch` saw, as one line: text for a person, or one JSON object (NDJSON). Never a card's
/// codes: only how many cards arrived.
enum OrderChangeOutput {
    /// `2026-11-23T12:00:05Z  ID  Home Depot  paid → fulfilled, card arrived` (a failure to ask:
    /// `... paid, not asked: MESSAGE`), control characters escaped, with its newline.
    static func text(_ change: OrderChange, failure: CLIError?) -> String {
        let order = change.order
        var line =
            "\(UTCTimestamp.extended(change.date))  \(order.id)  \(order.merchantName.isEmpty ? "-" : order.merchantName)  "
        line += change.statusChanged ? "\(change.previousStatus.rawValue) → \(order.status.rawValue)" : order.status.rawValue
        if change.arrivedCards == 1 { line += ", card arrived" }
        if change.arrivedCards > 1 { line += ", \(change.arrivedCards) cards arrived" }
        if let failure { line += ", not asked: " + failure.line }
        return TerminalText.sanitized(line, keepingNewlines: false) + "\n"
    }

    /// The change as one JSON object on one line.
    static func json(_ change: OrderChange, failure: CLIError?) -> String {
        let order = change.order
        var members: [(String, JSONDocument)] = [
            ("time", .string(UTCTimestamp.extended(change.date))),
            ("id", .string(order.id)),
            ("provider", .string(order.providerName)),
            ("providerOrderId", order.providerOrderId.map { .string($0) } ?? .null),
            ("merchant", .string(order.merchantName)),
            ("previousStatus", .string(change.previousStatus.rawValue)),
            ("status", .string(order.status.rawValue)),
            ("cardsArrived", .integer(change.arrivedCards)),
            ("cards", .integer(order.cards.count)),
            ("cardCount", .integer(order.cardCount)),
            ("open", .bool(change.isOpen)),
        ]
        if let failure { members.append(("error", .object(failure.jsonMembers))) }
        return JSONDocument.object(members).serialized() + "\n"
    }
}
