import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a `dash:` payment URI means, however it is written: the address, the amount (as a number, so
/// `0.5` and `0.50000000` are one amount) and the payment request (`r=`). Two answers that write one payment
/// differently are the same payment; this reads only those three, never to pay with.
struct PaymentMeaning: Hashable {
    /// The address, nil when there is none.
    let address: String?
    /// The amount, nil when there is none or it is not a number.
    let amount: Decimal?
    /// The payment request's URL (`r=`), nil when there is none.
    let request: String?

    /// Reads `uri` (anything else than a `dash:` URI means nothing: all nil but a non-dash text, kept whole
    /// as its address so that it differs from every payment).
    init(_ uri: String, network: DashSpendNetwork) {
        let trimmed = uri.trimmedWhitespace
        // A URI the strict reader takes (BIP21, BIP72 in any of its spellings): its reading, `r=` decoded.
        if let parsed = DashURI(parsing: trimmed, network: network) {
            address = parsed.address
            amount = parsed.amount
            request = parsed.paymentRequestURL
            return
        }
        let lowered = trimmed.lowercased()
        guard let scheme = ["dash:", "pay:"].first(where: { lowered.hasPrefix($0) }) else {
            address = trimmed
            amount = nil
            request = nil
            return
        }
        var rest = trimmed.dropFirst(scheme.count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        address = parts[0].isEmpty ? nil : String(parts[0])
        var amount: Decimal?
        var request: String?
        for parameter in parts.count == 2 ? parts[1].split(separator: "&") : [] {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "amount": amount = Decimal(plainText: String(pair[1]))
            case "r": request = String(pair[1])
            default: break
            }
        }
        self.amount = amount
        self.request = request
    }
}
