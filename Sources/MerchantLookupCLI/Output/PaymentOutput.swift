import DashSpend
import DashSpendQR

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The payment a person makes from any Dash wallet: the amount, the `dash:` URI, and a QR code of the URI
/// to scan. On a terminal the code sets its own black-on-white colours (readable on dark and light themes);
/// into a file or a pipe, or with `NO_COLOR` set, it is drawn without escape codes.
enum PaymentOutput {
    static func text(uri: String, dashAmount: Decimal?, environment: [String: String]) -> String {
        var text = ""
        if let dashAmount { text += "Pay \(dashAmount) DASH from any Dash wallet:\n" }
        text += "  \(uri)\n"
        return text + qrCode(uri, environment: environment)
    }

    /// The QR code of `uri` drawn for the terminal (or a note saying why there is none).
    static func qrCode(_ uri: String, environment: [String: String]) -> String {
        do {
            let code = try QRCode(encoding: uri)
            let colours = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
            return QRTerminalRenderer(style: colours ? .ansiColors : .plain).render(code) + "\n"
        } catch {
            return "(no QR code: \(error))\n"
        }
    }
}
