import DashSpendCore
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// BIP72's trust check and the rest: a request is payable for a URI only when it extends it, is for the
/// network and is not expired.
@Suite struct PaymentRequestCheckTests {
    typealias V = PaymentRequestVectors
    static let address = "XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw"
    static let before = Date(timeIntervalSince1970: 1_795_435_500)

    func problem(_ uriText: String, _ bytes: [UInt8] = V.unsigned, network: DashSpendNetwork = .mainnet, at now: Date = before)
        throws -> String?
    {
        let uri = try #require(DashURI(parsing: uriText, network: network))
        return try DashPaymentRequest(decoding: bytes).problem(extending: uri, network: network, at: now)
    }

    @Test func aRequestExtendingItsURIPasses() throws {
        #expect(try problem("dash:\(Self.address)?amount=0.83333333&r=https://ctx.example/r/1") == nil)
        #expect(try problem("dash:\(Self.address)?r=https://ctx.example/r/1") == nil)
        #expect(try problem("dash:?r=https://ctx.example/r/1") == nil)
        #expect(try problem("dash:?amount=0.84333333&r=https://ctx.example/r/1", V.unknownFields) == nil)
    }

    @Test func anotherAmountOrAddressDoesNotExtendTheURI() throws {
        #expect(
            try problem("dash:\(Self.address)?amount=0.8&r=https://ctx.example/r/1")?.contains(
                "asks 0.83333333 DASH, the URI 0.8 DASH") == true)
        #expect(
            try problem("dash:7UtHhS1S5CJi7FjKCNzA5U3w1q4bZHrqY7?r=https://ctx.example/r/1")?.contains("does not extend the URI")
                == true)
        // Two outputs where the URI names one address.
        #expect(
            try problem("dash:\(Self.address)?r=https://ctx.example/r/1", V.unknownFields)?.contains("does not extend the URI")
                == true)
    }

    @Test func anExpiredRequestOrOneForAnotherNetworkFails() throws {
        let expired = try problem("dash:?r=https://ctx.example/r/1", at: Date(timeIntervalSince1970: 1_795_436_100))
        #expect(expired == "it expired at 2026-11-23T12:15:00Z")
        #expect(try problem("dash:?r=https://ctx.example/r/1", network: .testnet) == "it is for the mainnet network, not testnet")
    }
}
