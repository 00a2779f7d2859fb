import DashSpendCore
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `dash:` URIs providers send: BIP21, and BIP72's `r=` with or without an address, also as `pay:`.
@Suite struct DashURITests {
    static let address = "XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw"

    @Test func aPaymentRequestURIWithAddressAndAmountKeepsAll() throws {
        let text = "dash:\(Self.address)?amount=0.83333333&r=https%3A%2F%2Fctx.example%2Fr%2F1%3Fa%3Db"
        let uri = try #require(DashURI(parsing: text, network: .mainnet))
        #expect(uri.address == Self.address)
        #expect(uri.amount == Decimal(string: "0.83333333"))
        #expect(uri.paymentRequestURL == "https://ctx.example/r/1?a=b")
        #expect(uri.uri == text)
        // A payment by request is never a plain BIP21 payment.
        #expect(DashPaymentURI(parsing: text) == nil)
    }

    @Test(arguments: ["dash:?r=https://ctx.example/r/1", "pay:?r=https://ctx.example/r/1", "DASH://?r=https://ctx.example/r/1"])
    func aPaymentRequestWithoutAnAddressIsRead(_ text: String) throws {
        let uri = try #require(DashURI(parsing: text, network: .mainnet))
        #expect(uri.address == nil)
        #expect(uri.amount == nil)
        #expect(uri.paymentRequestURL == "https://ctx.example/r/1")
        #expect(uri.uri == text)
    }

    @Test func plainBIP21IsStillPayableAsBefore() throws {
        let payment = try #require(DashPaymentURI(parsing: "dash:\(Self.address)?amount=1.5&label=CTX"))
        #expect(payment.address == Self.address)
        #expect(payment.amount == 1.5)
        #expect(payment.paymentRequestURL == nil)
        #expect(payment.paymentRequest == nil)
    }

    @Test(arguments: [
        "dash:?amount=1",  // neither an address nor a request
        "dash:",
        "pay:\(address)?amount=1",  // pay: only for a request
        "dash:?r=",  // an empty request URL
        "dash:?r=https://a.example&r=https://b.example",  // two requests
        "dash:?r=https%3A%2F%2Fa.example%2",  // a broken escape
        "dash:?r=https%3A%2F%2Fa.example%FF",  // not UTF-8
        "dash:?r=https://a.example&req-signature=1",  // a requirement not understood
        "dash:XnotAnAddress?r=https://a.example",
        "dash:yNo5ntyA7ZmMX124EQHgD1oV4P1ZhTr8uz?r=https://a.example",  // a testnet address on main
        "bitcoin:?r=https://a.example",
    ])
    func urisThatAreNotPayableAreRefused(_ text: String) {
        #expect(DashURI(parsing: text, network: .mainnet) == nil)
    }
}
