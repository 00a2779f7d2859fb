#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DashPaymentRequest {
    /// The largest request read: 50,000 bytes, BIP70's limit.
    package static let maximumBytes = 50_000

    /// Why a payment request cannot be used: unreadable, unreachable, or not the payment asked for.
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        package let description: String
    }

    /// Decodes a `PaymentRequest` message: `payment_details_version` (1, the default), `pki_type` (`none`
    /// by default), `pki_data` (`X509Certificates`), `serialized_payment_details` (required), `signature`;
    /// and in it `PaymentDetails`: `network` (`main` by default, or `test`), `outputs` (at least one, each
    /// with a script), `time` (required), `expires`, `memo`, `payment_url`, `merchant_data`. Unknown fields
    /// are skipped. The outputs' total must fit 64 bits.
    package init(decoding bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.maximumBytes else {
            throw Problem(description: "it is \(bytes.count) bytes, more than the \(Self.maximumBytes) a request may be")
        }
        do {
            let request = try ProtobufReader(bytes)
            let version = try request.uint64(1) ?? 1
            guard version == 1 else { throw Problem(description: "payment_details_version is \(version), not 1") }
            let pkiType = try request.string(2) ?? "none"
            guard let serialized = try request.bytes(4) else {
                throw Problem(description: "no serialized_payment_details")
            }
            let details = try ProtobufReader(serialized)
            let networkName = try details.string(1) ?? "main"
            switch networkName {
            case "main": network = .mainnet
            case "test": network = .testnet
            default: throw Problem(description: "network \"\(networkName)\", neither main nor test")
            }
            var outputs: [Output] = []
            var total: UInt64 = 0
            for outputBytes in try details.repeatedBytes(2) {
                let output = try ProtobufReader(outputBytes)
                let duffs = try output.uint64(1) ?? 0
                guard let script = try output.bytes(2) else {
                    throw Problem(description: "output \(outputs.count + 1) has no script")
                }
                let (sum, overflow) = total.addingReportingOverflow(duffs)
                guard !overflow else { throw Problem(description: "outputs adding up to more than 64 bits") }
                total = sum
                outputs.append(
                    Output(duffs: duffs, script: script, address: PaymentScript.address(of: script, network: network)))
            }
            guard !outputs.isEmpty else { throw Problem(description: "no outputs") }
            guard let time = try details.uint64(3) else { throw Problem(description: "no time") }
            self.outputs = outputs
            self.time = Self.date(time)
            expires = try details.uint64(4).map(Self.date)
            memo = try details.string(5)
            paymentURL = try details.string(6)
            merchantData = try details.bytes(7)
            if pkiType == "none" {
                signature = .unsigned
            } else {
                let certificates = try request.bytes(3).map { bytes throws(ProtobufReader.Malformed) in
                    try ProtobufReader(bytes).repeatedBytes(1)
                }
                signature = .notVerified(
                    pkiType: pkiType, signer: certificates?.first.flatMap(CertificateSubject.commonName(of:)),
                    reason: "not checked")
            }
            self.bytes = bytes
        } catch {
            throw Problem(description: "it is not a BIP70 payment request: \(error)")
        }
    }

    /// Seconds since 1970 as a date (a value too large for a date is the far future).
    private static func date(_ seconds: UInt64) -> Date {
        Date(timeIntervalSince1970: seconds > 1 << 40 ? TimeInterval(1 << 40) : TimeInterval(seconds))
    }
}
