import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `order ID --support` shows the library's ``OrderSupportReport``: an e-mail to paste (recipient,
/// subject, the facts one per line, the dated states) or its JSON. It holds no card code: the library never
/// puts one in.
enum SupportReportOutput {
    /// The e-mail as text, every line escaped (a provider's word cannot forge a line).
    static func text(_ report: OrderSupportReport) -> String {
        var head = ["To: \(report.recipient ?? "(\(report.providerName) is not in this build: no address known)")"]
        head.append("Subject: \(report.subject)")
        var facts: [(String, String)] = [
            ("merchant", report.merchantName.isEmpty ? report.merchantId : "\(report.merchantName) (\(report.merchantId))"),
            ("provider", "\(report.providerName) (merchant \(report.sourceId))"),
            ("order id", report.providerOrderId ?? "none: the provider's answer to the order was lost"),
            ("local id", report.orderId),
            ("card value", OrderOutput.money(report.amount, report.currency)),
        ]
        if let price = report.price { facts.append(("price", OrderOutput.money(price, report.currency))) }
        if let dash = report.dashAmount { facts.append(("Dash asked", dash.plainText(fractionDigits: 8) + " DASH")) }
        facts.append(("transaction", report.transactionId ?? "not recorded"))
        let word = report.providerStatus.map { " (\(report.providerName) says \"\($0)\")" } ?? ""
        facts.append(("status", report.status.rawValue + word))
        if let message = report.message { facts.append(("note", message)) }
        if let delivery = report.deliveryTime { facts.append(("delivery", delivery)) }
        facts.append(("cards", "\(report.cardsDelivered) delivered (their codes are not part of this report)"))
        facts.append(("network", report.network.rawValue))
        facts.append(("software", "DashSpend \(report.libraryVersion)"))
        var lines = head + ["", "Hello, I need help with this gift-card order.", ""]
        lines += facts.map { OutputFormat.pad($0.0 + ":", 13) + $0.1 }
        lines += ["", "history:"]
        lines += report.history.map { "  \(UTCTimestamp.extended($0.date))  \($0.status.rawValue): \($0.note)" }
        if let terms = report.termsURL { lines += ["", "(terms: \(terms.absoluteString))"] }
        return lines.map { TerminalText.sanitized($0, keepingNewlines: false) }.joined(separator: "\n") + "\n"
    }

    /// The report as a JSON object.
    static func json(_ report: OrderSupportReport) -> JSONDocument {
        func optional(_ text: String?) -> JSONDocument { text.map(JSONDocument.string) ?? .null }
        func money(_ value: Decimal?, _ digits: Int) -> JSONDocument {
            value.map { .string($0.plainText(fractionDigits: digits)) } ?? .null
        }
        let history = report.history.map { event -> JSONDocument in
            .object([
                ("at", .string(UTCTimestamp.extended(event.date))), ("status", .string(event.status.rawValue)),
                ("note", .string(event.note)),
            ])
        }
        return .object([
            ("to", optional(report.recipient)), ("subject", .string(report.subject)),
            ("termsURL", optional(report.termsURL?.absoluteString)), ("provider", .string(report.providerName)),
            ("merchant", .string(report.merchantName)), ("merchantId", .string(report.merchantId)),
            ("sourceId", .string(report.sourceId)), ("orderId", .string(report.orderId)),
            ("providerOrderId", optional(report.providerOrderId)), ("amount", money(report.amount, 2)),
            ("currency", .string(report.currency)), ("price", money(report.price, 2)),
            ("dashAmount", money(report.dashAmount, 8)), ("transactionId", optional(report.transactionId)),
            ("status", .string(report.status.rawValue)), ("providerStatus", optional(report.providerStatus)),
            ("message", optional(report.message)), ("deliveryTime", optional(report.deliveryTime)),
            ("cardsDelivered", .integer(report.cardsDelivered)), ("network", .string(report.network.rawValue)),
            ("libraryVersion", .string(report.libraryVersion)), ("history", .array(history)),
        ])
    }
}
