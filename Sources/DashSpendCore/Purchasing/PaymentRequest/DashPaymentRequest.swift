#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A BIP70 payment request, as fetched from a BIP72 `r=` URL (CTX's `paymentUrls["DASH.DASH"]`): what a
/// wallet pays through the payment protocol, decoded and checked.
///
/// A wallet pays it by sending a BIP70 `Payment` message (the transaction, ``merchantData`` echoed back) to
/// ``paymentURL``; sending Dash to an address by hand may not be credited. ``bytes`` is the request as
/// served, for a wallet that reads it itself.
///
/// Only the fields listed are read; others are skipped. The signature is reported
/// (``signature``), not trusted: see ``Signature``.
public struct DashPaymentRequest: Sendable, Hashable {
    /// One output to pay.
    public struct Output: Sendable, Hashable {
        /// How much to pay, in duffs (1 DASH = 100,000,000 duffs).
        public let duffs: UInt64
        /// The output script, as sent.
        public let script: [UInt8]
        /// The script's address on the request's network, when it is a P2PKH or P2SH script; else nil.
        public let address: String?

        /// ``duffs`` in DASH.
        public var amount: Decimal { Decimal(duffs) / 100_000_000 }
    }

    /// Whether and how the request is signed. This build does not check X.509 signatures: a signed request
    /// is ``notVerified(pkiType:signer:)``, never trusted for its signer.
    public enum Signature: Sendable, Hashable {
        /// `pki_type` is `none`: nobody vouches for the request but the URL it came from.
        case unsigned
        /// Signed (`pki_type`, e.g. `x509+sha256`), and the signature was not checked. `signer` is the
        /// subject common name of the first certificate as written in it, when it has one: a claim, not a
        /// verified identity.
        case notVerified(pkiType: String, signer: String?)
    }

    /// The network the request is for (`main` or `test`).
    public let network: DashSpendNetwork
    /// The outputs to pay, in order (at least one).
    public let outputs: [Output]
    /// When the request was made.
    public let time: Date
    /// When it stops being payable, when it says.
    public let expires: Date?
    /// The merchant's note to the payer, when any.
    public let memo: String?
    /// Where the wallet sends the `Payment` message, when it says.
    public let paymentURL: String?
    /// What the wallet echoes back in its `Payment` message, when any.
    public let merchantData: [UInt8]?
    /// The signature, as reported.
    public let signature: Signature
    /// The whole `PaymentRequest` message as served.
    public let bytes: [UInt8]

    /// The sum of the outputs, in duffs.
    public var totalDuffs: UInt64 { outputs.reduce(0) { $0 &+ $1.duffs } }
    /// The sum of the outputs, in DASH.
    public var total: Decimal { Decimal(totalDuffs) / 100_000_000 }

    /// Whether the request is expired at `now`.
    public func isExpired(at now: Date) -> Bool {
        expires.map { now >= $0 } ?? false
    }
}
