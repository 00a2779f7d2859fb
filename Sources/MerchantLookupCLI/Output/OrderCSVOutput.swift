import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `orders --csv` writes the library's ``OrderExportRow``s: CSV quoted by RFC 4180 (a header line, a
/// field quoted when it holds a comma, a quote, a CR or an LF, its quotes doubled), an empty field for what is
/// not known. Lines end with LF, not RFC 4180's CRLF: the tool's text output escapes every control character
/// but the newline (a CR would print as `\x0D`), and spreadsheets and Unix tools read LF alike.
enum OrderCSVOutput {
    /// The header's fields.
    static let header = [
        "date", "merchant", "provider", "card_value", "currency", "dash_paid", "fiat_paid", "discount_percent",
        "rate_fiat_per_dash", "txid", "status", "order_id", "provider_order_id",
    ]

    /// The whole file: the header and one line per row.
    static func csv(_ rows: [OrderExportRow]) -> String {
        ([header] + rows.map(fields)).map { $0.map(quoted).joined(separator: ",") + "\n" }.joined()
    }

    /// A row's fields, in the header's order.
    static func fields(_ row: OrderExportRow) -> [String] {
        [
            UTCTimestamp.extended(row.date), row.merchant, row.provider, row.cardValue.plainText(fractionDigits: 2),
            row.currency, row.dashPaid?.plainText(fractionDigits: 8) ?? "",
            row.fiatPaid?.plainText(fractionDigits: 2) ?? "",
            row.discountBasisPoints.map { (Decimal($0) / 100).plainText(fractionDigits: 2) } ?? "",
            row.rate?.plainText(fractionDigits: 8) ?? "", row.transactionId ?? "", row.status.rawValue, row.orderId,
            row.providerOrderId ?? "",
        ]
    }

    /// `field` as RFC 4180 writes it: in quotes, its quotes doubled, when it holds a comma, a quote, a CR or an
    /// LF; as it is otherwise.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingEvery("\"", with: "\"\"") + "\""
    }
}
