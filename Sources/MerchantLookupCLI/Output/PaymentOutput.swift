import DashSpend
import DashSpendQR

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The payment a person makes from any Dash wallet: the amount, the `dash:` URI, and a QR code of the URI
/// to scan. On a terminal the code sets its own black-on-white colours (readable on dark and light themes);
/// into a file or a pipe, or with `NO_COLOR` set, it is drawn without escape codes (``Invocation/coloursOnOutput``).
enum PaymentOutput {
    static func text(uri: String, dashAmount: Decimal?, colours: Bool) -> String {
        var text = ""
        if let dashAmount { text += "Pay \(dashAmount) DASH from any Dash wallet:\n" }
        text += "  \(uri)\n"
        return text + qrCode(uri, colours: colours)
    }

    /// The QR code of `uri` drawn for the terminal, with its colours when `colours` (or a note saying why
    /// there is none).
    static func qrCode(_ uri: String, colours: Bool) -> String {
        do {
            let code = try QRCode(encoding: uri)
            return QRTerminalRenderer(style: colours ? .ansiColors : .plain).render(code) + "\n"
        } catch {
            return "(no QR code: \(error))\n"
        }
    }
}
