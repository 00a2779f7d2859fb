/// What the fake CTX server's payment request for an order is (``MockOrderBook/setCTXPaymentRequests(_:uri:)``):
/// a good one, signed or not, or one of the ways a request must be refused.
package enum FakePaymentRequest: String, Sendable, CaseIterable {
    /// Unsigned (`pki_type` none), extending the URI, for 15 minutes from the order's time.
    case unsigned
    /// Signed `x509+sha256` for real by the leaf `pay.ctx.example` of ``X509TestAuthority`` (leaf and
    /// intermediate sent): verified by a client that trusts the authority's root.
    case signed
    /// Signed as ``signed``, with one byte of the signature flipped: its signature fails.
    case badSignature
    /// Expired an hour before the order.
    case expired
    /// For the test network.
    case wrongNetwork
    /// Paying another address than the URI's.
    case otherAddress
    /// Asking more Dash than the URI.
    case otherAmount
    /// Asking 10 % more Dash than the price at CTX's rate, in a URI that says so too (extending it): only the
    /// check against the rate stops it.
    case overpriced
    /// Over 50,000 bytes.
    case oversized
    /// JSON, not protobuf.
    case notProtobuf
    /// HTTP 404.
    case missing
}

/// How the fake CTX server writes the `DASH.DASH` URI of a payment request.
package enum FakePaymentRequestURI: String, Sendable, CaseIterable {
    /// `dash:ADDRESS?amount=X&r=URL`.
    case addressAndAmount
    /// `dash:?r=URL`.
    case requestOnly
    /// `pay:?r=URL`.
    case payScheme
}
