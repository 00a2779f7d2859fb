#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// A BIP21 payment request as PiggyCards sends it in `payTo`: `dash:<address>?amount=<DASH>`.
///
/// The scheme is matched case-insensitively; other parameters (`label`, `message`) are allowed and
/// ignored. The address must be base58 and the amount a plain positive decimal number of Dash.
public struct PiggyCardsPaymentURI: Sendable, Hashable {
    /// The Dash address to pay.
    public let address: String
    /// How much Dash to pay.
    public let amount: Decimal
    /// The URI as sent.
    public let uri: String

    /// Parses `text`; nil when it is empty or not a `dash:` URI with an address and a positive amount.
    public init?(parsing text: String) {
        let trimmed = text.trimmedWhitespace
        guard trimmed.lowercased().hasPrefix("dash:") else { return nil }
        var rest = trimmed.dropFirst("dash:".count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(parts[0])
        let base58 = Set("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
        guard (25...40).contains(address.count), address.allSatisfy(base58.contains) else { return nil }
        guard parts.count == 2 else { return nil }
        var amount: Decimal?
        for parameter in parts[1].split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].lowercased() == "amount" else { continue }
            guard amount == nil else { return nil }
            amount = Decimal(plainText: String(pair[1]))
            guard amount != nil else { return nil }
        }
        guard let amount, amount > 0 else { return nil }
        self.address = address
        self.amount = amount
        uri = trimmed
    }
}
#endif
