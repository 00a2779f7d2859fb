import DashSpend
import Foundation
import Testing

@testable import MerchantLookupCLI

/// `orders --csv`'s quoting, by RFC 4180: a field is quoted only when it holds a comma, a quote, a CR or an
/// LF, its quotes doubled; lines end with LF (the tool's output escapes every other control character).
@Suite("orders --csv quotes by RFC 4180")
struct OrderCSVOutputTests {
    @Test(
        "Fields with a comma, a quote or a line break are quoted, quotes doubled; others are left as they are",
        arguments: [
            ("Home Depot", "Home Depot"), ("Barnes, Noble", "\"Barnes, Noble\""),
            ("Say \"hi\"", "\"Say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""), ("cr\r\nlf", "\"cr\r\nlf\""),
            ("", ""), ("Café Rio", "Café Rio"),
        ])
    func quoting(_ field: String, _ expected: String) {
        #expect(OrderCSVOutput.quoted(field) == expected)
    }

    @Test("The header is one line ending in LF, and an empty export is the header alone")
    func header() {
        let csv = OrderCSVOutput.csv([])
        #expect(
            csv
                == "date,merchant,provider,card_value,currency,dash_paid,fiat_paid,discount_percent,rate_fiat_per_dash,"
                + "txid,status,order_id,provider_order_id\n")
    }
}
