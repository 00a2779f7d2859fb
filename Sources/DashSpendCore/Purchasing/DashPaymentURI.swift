#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A payment as the providers ask for it (PiggyCards `payTo`, CTX `paymentUrls["DASH.DASH"]`): a BIP21
/// `dash:<address>?amount=<DASH>`, or a BIP72 payment request (`dash:<address>?amount=<DASH>&r=<url>`,
/// `dash:?r=<url>`, `pay:?r=<url>`) with its BIP70 request fetched and checked (``paymentRequest``).
///
/// ``init(parsing:network:)`` reads plain BIP21 only: the scheme matched case-insensitively, the address a
/// base58check Dash address of the wallet's network (P2PKH or P2SH version byte), the amount plain
/// `digits[.digits]` with at most 8 decimals and above zero. `label` and `message` are allowed and ignored;
/// any `req-` parameter (one the payer is required to understand) makes the URI unpayable, as BIP21 says. A
/// URI with `r=` is payable only with its request: the library fetches and checks it when the order is
/// created, and a wallet pays it through the request (BIP70), not by sending to the address by hand.
public struct DashPaymentURI: Sendable, Hashable {
    /// The Dash address to pay.
    public let address: String
    /// How much Dash to pay.
    public let amount: Decimal
    /// The URI as sent (with `r=` exactly as sent, when it has one).
    public let uri: String
    /// The BIP72 payment request URL (the URI's `r=`, percent-decoded), when the payment is by request.
    public let paymentRequestURL: String?
    /// The payment request fetched from ``paymentRequestURL`` and checked: for the network, not expired,
    /// extending the URI (its outputs are the URI's address and amount, where the URI names them). When it
    /// is there, ``address`` is the URI's address or else the request's first output's, and ``amount`` the
    /// request's total. A wallet pays it by the payment protocol, to ``DashPaymentRequest/paymentURL``.
    public let paymentRequest: DashPaymentRequest?

    /// Parses `text` for `network`; nil when it is not a payable BIP21 `dash:` URI for that network (a URI
    /// with `r=` is nil here: it is payable only with its request, ``PaymentRequestFetcher``).
    public init?(parsing text: String, network: DashSpendNetwork = .mainnet) {
        guard let parsed = DashURI(parsing: text, network: network), parsed.paymentRequestURL == nil,
            let address = parsed.address, let amount = parsed.amount
        else { return nil }
        self.address = address
        self.amount = amount
        uri = parsed.uri
        paymentRequestURL = nil
        paymentRequest = nil
    }

    /// The payment of `uri` through `request`, already checked against it
    /// (``DashPaymentRequest/problem(extending:network:at:)``).
    package init(uri: DashURI, request: DashPaymentRequest) {
        address = uri.address ?? request.outputs.first?.address ?? ""
        amount = request.total
        self.uri = uri.uri
        paymentRequestURL = uri.paymentRequestURL
        paymentRequest = request
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
