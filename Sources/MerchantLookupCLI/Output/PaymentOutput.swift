import DashSpend
import DashSpendCore
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

    /// A payment by BIP70 payment request (the URI's `r=`, kept as sent): how to pay it, what the request
    /// (when at hand) asks and who signed it, and the QR code of the URI.
    static func text(uri: String, dashAmount: Decimal?, request: DashPaymentRequest?, colours: Bool) -> String {
        var text = "Pay \(dashAmount.map { "\($0) DASH" } ?? "it") by payment request: scan the code with a Dash wallet, "
        text += "which pays through the request.\n"
        text += "Sending Dash to the address by hand may not be credited.\n"
        text += "  \(uri)\n"
        if let request { text += requestLines(request).map { "  " + OutputFormat.pad($0.0 + ":", 10) + $0.1 + "\n" }.joined() }
        return text + qrCode(uri, colours: colours)
    }

    /// The request's facts as label and value: what it pays, until when, its note, who signed it.
    static func requestLines(_ request: DashPaymentRequest) -> [(String, String)] {
        var lines = request.outputs.map { ("pays", "\($0.amount) DASH to \($0.address ?? "a script")") }
        if let expires = request.expires { lines.append(("expires", UTCTimestamp.extended(expires))) }
        if let memo = request.memo { lines.append(("memo", memo)) }
        lines.append(("signed", signature(request.signature)))
        return lines
    }

    /// Whether and by whom the request is signed, in words: verified, failed with the reason, or not
    /// verified with the reason (no crypto to check with here).
    static func signature(_ signature: DashPaymentRequest.Signature) -> String {
        let by = signature.signer.map { " by \($0)" } ?? ""
        switch signature {
        case .unsigned: return "no (pki_type none)"
        case .verified(let type, _): return "\(type)\(by) (verified)"
        case .failed(let type, _, let reason): return "\(type)\(by), signature FAILS: \(reason)"
        case .notVerified(let type, _, let reason): return "\(type)\(by), not verified: \(reason)"
        }
    }

    /// The request as a JSON object for `--json`.
    static func json(_ request: DashPaymentRequest) -> JSONDocument {
        func optional(_ text: String?) -> JSONDocument { text.map { .string($0) } ?? .null }
        let outputs = request.outputs.map { output -> JSONDocument in
            .object([("amount", .string("\(output.amount)")), ("address", optional(output.address))])
        }
        return .object([
            ("network", .string(request.network.rawValue)), ("outputs", .array(outputs)),
            ("total", .string("\(request.total)")), ("time", .string(UTCTimestamp.extended(request.time))),
            ("expires", optional(request.expires.map { UTCTimestamp.extended($0) })), ("memo", optional(request.memo)),
            ("paymentURL", optional(request.paymentURL)), ("pkiType", .string(request.signature.pkiType)),
            ("signer", optional(request.signature.signer)), ("signatureVerified", .bool(request.signature.isVerified)),
        ])
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
