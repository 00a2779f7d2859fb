import DashSpendCore
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// BIP70 `PaymentRequest` bytes decoded: the golden vectors of ``PaymentRequestVectors``.
@Suite struct PaymentRequestDecodingTests {
    typealias V = PaymentRequestVectors

    @Test func anUnsignedRequestIsDecodedFieldByField() throws {
        let request = try DashPaymentRequest(decoding: V.unsigned)
        #expect(request.network == .mainnet)
        #expect(request.outputs.count == 1)
        #expect(request.outputs[0].duffs == 83_333_333)
        #expect(request.outputs[0].script == V.p2pkhScript)
        #expect(request.outputs[0].address == "XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw")
        #expect(request.total == Decimal(string: "0.83333333")!)
        #expect(request.time == Date(timeIntervalSince1970: 1_795_435_200))
        #expect(request.expires == Date(timeIntervalSince1970: 1_795_436_100))
        #expect(request.memo == "Payment for order ctx-order-1")
        #expect(request.paymentURL == "https://ctx.example/pay/1")
        #expect(request.merchantData == [1, 2, 3])
        #expect(request.signature == .unsigned)
        #expect(request.bytes == V.unsigned)
        #expect(!request.isExpired(at: Date(timeIntervalSince1970: 1_795_436_099)))
        #expect(request.isExpired(at: Date(timeIntervalSince1970: 1_795_436_100)))
    }

    @Test func unknownFieldsAreSkippedDefaultsAppliedAndTheLastValueWins() throws {
        let request = try DashPaymentRequest(decoding: V.unknownFields)
        #expect(request.network == .mainnet)
        #expect(request.signature == .unsigned)
        #expect(request.outputs.map(\.duffs) == [83_333_333, 1_000_000])
        #expect(request.outputs.map(\.address) == ["XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw", "7UtHhS1S5CJi7FjKCNzA5U3w1q4bZHrqY7"])
        #expect(request.outputs[1].script == V.p2shScript)
        #expect(request.totalDuffs == 84_333_333)
        #expect(request.memo == "second")
        #expect(request.expires == nil)
        #expect(request.paymentURL == nil)
        #expect(request.merchantData == nil)
    }

    @Test func aSignedRequestSaysItsTypeAndTheCertificatesNameAsNotYetChecked() throws {
        let request = try DashPaymentRequest(decoding: V.signed)
        #expect(request.signature == .notVerified(pkiType: "x509+sha256", signer: "pay.ctx.example", reason: "not checked"))
        #expect(request.outputs.count == 1)
    }

    @Test func everyCutShortRequestIsRefused() {
        for length in 0..<V.unsigned.count {
            #expect(throws: DashPaymentRequest.Problem.self, "cut at \(length) bytes") {
                try DashPaymentRequest(decoding: Array(V.unsigned.prefix(length)))
            }
        }
    }

    @Test(arguments: [
        // A field of wire type 3 (a group).
        ("0b", "wire type 3"),
        // The details' length runs past the end.
        ("22 74" + String(repeating: "00", count: 115), "bytes long"),
        // No serialized_payment_details.
        ("08 01 12 04 6e6f6e65", "no serialized_payment_details"),
        // Version 2.
        ("08 02 22 00", "payment_details_version is 2"),
        // Details for an unknown network.
        ("22 09 0a 07 72656774657374", "neither main nor test"),
        // Details without outputs (only a time).
        ("22 02 18 01", "no outputs"),
        // An output without a script.
        ("22 06 12 02 0801 1801", "output 1 has no script"),
        // Details without a time.
        ("22 1d 12 1b 08 01 12 17 a914 1b2a522cc8d42b0be7ceb8db711416794d50c846 87", "no time"),
        // The time sent as bytes.
        ("22 1f 12 1b 08 01 12 17 a914 1b2a522cc8d42b0be7ceb8db711416794d50c846 87 1a 00", "field 3 is length-delimited"),
        // A varint of 11 bytes.
        ("08 ffffffffffffffffffff01", "does not fit 64 bits"),
        // Field number 0.
        ("00 01", "field number 0"),
        // A network name that is not UTF-8.
        ("22 05 0a 03 c3 28 41", "not UTF-8"),
        // JSON, not protobuf.
        ("7b 22 65 72 72 6f 72 22 7d", ""),
    ])
    func bytesThatAreNotARequestAreRefusedSayingWhy(_ vector: (String, String)) {
        #expect {
            try DashPaymentRequest(decoding: V.hex(vector.0))
        } throws: { error in
            "\(error)".hasPrefix("it is not a BIP70 payment request") && "\(error)".contains(vector.1)
        }
    }

    @Test func aRequestOverFiftyThousandBytesIsNotRead() {
        let padding = [UInt8](repeating: 0, count: DashPaymentRequest.maximumBytes)
        let oversized = V.unsigned + [0x32] + [0xD0, 0x86, 0x03] + padding  // field 6, 50,000 bytes
        #expect {
            try DashPaymentRequest(decoding: oversized)
        } throws: { error in
            "\(error)".contains("more than the 50000")
        }
    }

    @Test func outputsAddingUpPastSixtyFourBitsAreRefused() {
        let big = "08 ffffffffffffffffff01 12 17 a9141b2a522cc8d42b0be7ceb8db711416794d50c84687"  // 2^64-1
        let output = "12 24 " + big
        let details = "22 4e " + output + " " + output + " 18 01"
        #expect {
            try DashPaymentRequest(decoding: V.hex(details))
        } throws: { error in
            "\(error)".contains("more than 64 bits")
        }
    }
}
