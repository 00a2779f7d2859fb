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
/// Only the fields listed are read; others are skipped. A signed request's signature is checked when it is
/// fetched for an order (see ``Signature``); one that fails makes the order unpayable.
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

    /// Whether and how the request is signed (BIP70 `pki_type`), and what checking it found.
    ///
    /// An `x509+sha256` or `x509+sha1` signature is checked with the platform's crypto (libcrypto on Linux,
    /// Security.framework on Apple platforms): PKCS#1 v1.5 over the request with its `signature` emptied, by
    /// the key of the first certificate of `pki_data`, whose chain (with the other certificates sent) must lead
    /// to a trusted root (the system's, or one added with `RepositoryConfiguration.paymentRequestTrustedRoots`)
    /// and be valid when the request is fetched. `signer` is always the first certificate's subject common
    /// name as written in it; only ``verified(pkiType:signer:)`` vouches for it.
    public enum Signature: Sendable, Hashable {
        /// `pki_type` is `none`: nobody vouches for the request but the URL it came from.
        case unsigned
        /// Signed (`pki_type`), and the signature and its certificate chain hold: `signer` made the request.
        case verified(pkiType: String, signer: String?)
        /// Signed (`pki_type`), and the signature or its certificate chain does not hold (a bad signature, an
        /// untrusted chain, an expired certificate): `reason` says which. Such a request must not be paid.
        case failed(pkiType: String, signer: String?, reason: String)
        /// Signed (`pki_type`), and the signature was not checked: `reason` says why (this platform has no
        /// crypto to check with, a `pki_type` this package does not know, or the request was decoded without
        /// a check). `signer` is a claim, not a verified identity.
        case notVerified(pkiType: String, signer: String?, reason: String)

        /// The `pki_type`, `none` when unsigned.
        public var pkiType: String {
            switch self {
            case .unsigned: "none"
            case .verified(let type, _), .failed(let type, _, _), .notVerified(let type, _, _): type
            }
        }

        /// The first certificate's subject common name, when signed and it names one.
        public var signer: String? {
            switch self {
            case .unsigned: nil
            case .verified(_, let name), .failed(_, let name, _), .notVerified(_, let name, _): name
            }
        }

        /// Whether the signature was checked and holds.
        public var isVerified: Bool {
            if case .verified = self { return true }
            return false
        }
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
    /// The signature, and what checking it found.
    public package(set) var signature: Signature
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
