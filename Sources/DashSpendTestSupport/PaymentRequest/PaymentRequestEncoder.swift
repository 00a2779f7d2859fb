package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Writes BIP70 `PaymentRequest` messages for the fake CTX server: protobuf written field by field, the
/// reverse of what the library reads (whose own tests use hand-built bytes instead).
package struct PaymentRequestEncoder: Sendable {
    /// `main` or `test` (or any word, to send a wrong one).
    package var network = "main"
    /// The outputs: duffs and script.
    package var outputs: [(duffs: UInt64, script: [UInt8])] = []
    /// `time`, seconds since 1970.
    package var time: UInt64 = 0
    /// `expires`, seconds since 1970.
    package var expires: UInt64?
    /// `memo`.
    package var memo: String?
    /// `payment_url`.
    package var paymentURL: String?
    /// `merchant_data`.
    package var merchantData: [UInt8]?
    /// `pki_type` (nil: left out, which means `none`).
    package var pkiType: String?
    /// The DER certificates of `pki_data`.
    package var certificates: [[UInt8]] = []
    /// `signature`.
    package var signature: [UInt8]?

    package init() {}

    /// An output paying `address` (P2PKH or P2SH of `network`) `amount` DASH.
    package mutating func pay(_ amount: Decimal, to address: String, network: DashSpendNetwork = .mainnet) {
        let duffs = UInt64((amount * 100_000_000).roundedInteger ?? 0)
        outputs.append((duffs, PaymentScript.script(paying: address, network: network) ?? []))
    }

    /// The serialized `PaymentRequest`.
    package var bytes: [UInt8] {
        var details = Self.field(1, network)
        for output in outputs {
            details += Self.field(2, Self.varint(1, output.duffs) + Self.field(2, output.script))
        }
        details += Self.varint(3, time)
        if let expires { details += Self.varint(4, expires) }
        if let memo { details += Self.field(5, memo) }
        if let paymentURL { details += Self.field(6, paymentURL) }
        if let merchantData { details += Self.field(7, merchantData) }
        var request = Self.varint(1, 1)
        if let pkiType { request += Self.field(2, pkiType) }
        if !certificates.isEmpty { request += Self.field(3, certificates.flatMap { Self.field(1, $0) }) }
        request += Self.field(4, details)
        if let signature { request += Self.field(5, signature) }
        return request
    }

    private static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    private static func varint(_ number: Int, _ value: UInt64) -> [UInt8] {
        varint(UInt64(number << 3)) + varint(value)
    }

    private static func field(_ number: Int, _ bytes: [UInt8]) -> [UInt8] {
        varint(UInt64(number << 3 | 2)) + varint(UInt64(bytes.count)) + bytes
    }

    private static func field(_ number: Int, _ text: String) -> [UInt8] { field(number, Array(text.utf8)) }
}
