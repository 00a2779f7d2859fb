#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A BIP21 payment request as the providers send it (PiggyCards `payTo`, CTX `paymentUrls["DASH.DASH"]`):
/// `dash:<address>?amount=<DASH>`.
///
/// The scheme is matched case-insensitively. The address must be a base58check Dash address of the
/// wallet's network (P2PKH or P2SH version byte), the amount plain `digits[.digits]` with at most 8
/// decimals and above zero. `label` and `message` are allowed and ignored; any `req-` parameter (one the
/// payer is required to understand) makes the URI unpayable, as BIP21 says.
public struct DashPaymentURI: Sendable, Hashable {
    /// The Dash address to pay.
    public let address: String
    /// How much Dash to pay.
    public let amount: Decimal
    /// The URI as sent.
    public let uri: String

    /// Parses `text` for `network`; nil when it is not a payable `dash:` URI for that network.
    public init?(parsing text: String, network: DashSpendNetwork = .mainnet) {
        let trimmed = text.trimmedWhitespace
        guard trimmed.lowercased().hasPrefix("dash:") else { return nil }
        var rest = trimmed.dropFirst("dash:".count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(parts[0])
        guard DashAddress.isValid(address, network: network) else { return nil }
        guard parts.count == 2 else { return nil }
        var amount: Decimal?
        for parameter in parts[1].split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].lowercased()
            if name.hasPrefix("req-") { return nil }
            guard pair.count == 2, name == "amount" else { continue }
            guard amount == nil, let value = Self.amount(String(pair[1])) else { return nil }
            amount = value
        }
        guard let amount else { return nil }
        self.address = address
        self.amount = amount
        uri = trimmed
    }

    /// `digits[.digits]` with at most 8 decimals and above zero, else nil.
    package static func amount(_ text: String) -> Decimal? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (piece: Substring) in !piece.isEmpty && piece.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(pieces[0]), pieces[0].count <= 12 else { return nil }
        if pieces.count == 2 {
            guard isDigits(pieces[1]), pieces[1].count <= 8 else { return nil }
        }
        guard let value = Decimal(plainText: text), value > 0 else { return nil }
        return value
    }
}
