import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `buy`, `orders` and `order` show an order: text for a person, JSON for a program. A card's number and
/// PIN are masked unless the caller asks to reveal them.
enum OrderOutput {
    /// `************7890`: all but the last four characters hidden (all of a PIN or a short number).
    static func masked(_ secret: String, keepingLast kept: Int = 4) -> String {
        guard secret.count > kept * 2 else { return String(repeating: "*", count: secret.count) }
        return String(repeating: "*", count: secret.count - kept) + secret.suffix(kept)
    }

    /// `3m`, `2h`, `5d`: how long ago `date` was.
    static func age(of date: Date, now: Date = Date()) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3_600 { return "\(seconds / 60)m" }
        if seconds < 86_400 { return "\(seconds / 3_600)h" }
        return "\(seconds / 86_400)d"
    }

    static func money(_ amount: Decimal, _ currency: String) -> String {
        "\(amount.plainText(fractionDigits: 2)) \(currency)"
    }

    /// The order as lines of `label: value`, then its payment (while unpaid: with its QR code when `colours`
    /// is given, in the terminal's colours when true) and its cards.
    static func text(_ order: Order, reveal: Bool, colours: Bool? = nil) -> String {
        var lines = [
            ("order", order.id),
            ("provider", order.provider.displayName + (order.providerOrderId.map { " (order \($0))" } ?? "")),
            ("merchant", order.merchantName.isEmpty ? "-" : order.merchantName),
            ("amount", money(order.amount, order.currency)),
            ("status", order.status.rawValue),
            ("created", order.createdAt.formatted(.iso8601) + " (\(age(of: order.createdAt)) ago)"),
        ]
        if let message = order.message { lines.append(("note", message)) }
        if let txid = order.transactionId { lines.append(("transaction", txid)) }
        if order.status == .unpaid || order.status == .unknown || order.status == .creating {
            if let dash = order.dashAmount { lines.append(("pay", "\(dash) DASH")) }
            if let uri = order.paymentURI { lines.append(("payment URI", uri)) }
        }
        for (index, card) in order.cards.enumerated() {
            let label = order.cards.count == 1 ? "card" : "card \(index + 1)"
            if let name = card.name { lines.append((label, name)) }
            if let number = card.number { lines.append(("  number", reveal ? number : masked(number))) }
            if let pin = card.pin { lines.append(("  PIN", reveal ? pin : masked(pin, keepingLast: 0))) }
            if let link = card.claimLink { lines.append(("  claim link", link)) }
            if let link = card.barcodeLink { lines.append(("  barcode", link)) }
        }
        let width = (lines.map(\.0.count).max() ?? 0) + 2
        var text = lines.map { OutputFormat.pad($0.0 + ":", width) + $0.1 + "\n" }.joined()
        if let colours, order.status == .unpaid, let uri = order.paymentURI, !uri.isEmpty {
            text += PaymentOutput.qrCode(uri, colours: colours)
        }
        if !reveal && order.cards.contains(where: { $0.number != nil || $0.pin != nil }) {
            text += "(number and PIN masked: add --reveal to show them)\n"
        }
        return text
    }

    /// The order as a JSON object; `number` and `pin` masked unless `reveal`.
    static func json(_ order: Order, reveal: Bool) -> JSONDocument {
        func optional(_ text: String?) -> JSONDocument { text.map { .string($0) } ?? .null }
        let cards = order.cards.map { card -> JSONDocument in
            .object([
                ("name", optional(card.name)),
                ("number", optional(card.number.map { reveal ? $0 : masked($0) })),
                ("pin", optional(card.pin.map { reveal ? $0 : masked($0, keepingLast: 0) })),
                ("claimLink", optional(card.claimLink)),
                ("barcodeLink", optional(card.barcodeLink)),
            ])
        }
        return .object([
            ("id", .string(order.id)),
            ("provider", .string(order.provider.displayName)),
            ("providerOrderId", optional(order.providerOrderId)),
            ("merchantId", .string(order.merchantId)),
            ("merchant", .string(order.merchantName)),
            ("amount", .string(order.amount.plainText(fractionDigits: 2))),
            ("currency", .string(order.currency)),
            ("status", .string(order.status.rawValue)),
            ("paymentURI", optional(order.paymentURI)),
            ("dashAmount", optional(order.dashAmount.map { "\($0)" })),
            ("message", optional(order.message)),
            ("transactionId", optional(order.transactionId)),
            ("createdAt", .string(order.createdAt.formatted(.iso8601))),
            ("updatedAt", .string(order.updatedAt.formatted(.iso8601))),
            ("ageSeconds", .integer(max(0, Int(Date().timeIntervalSince(order.createdAt))))),
            ("revealed", .bool(reveal)),
            ("cards", .array(cards)),
        ])
    }
}
