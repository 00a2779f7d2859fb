import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The payment a person makes from any Dash wallet: the amount and the `dash:` URI to open or scan.
enum PaymentOutput {
    static func text(uri: String, dashAmount: Decimal?) -> String {
        var text = ""
        if let dashAmount { text += "Pay \(dashAmount) DASH from any Dash wallet:\n" }
        text += "  \(uri)\n"
        return text
    }
}
