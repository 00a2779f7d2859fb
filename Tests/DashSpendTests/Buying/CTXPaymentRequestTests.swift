import DashSpend
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// A CTX order paid by BIP70 payment request through the front door: the request decoded and given to the
/// app with the order, kept payable through status calls, and fetched again for a kept order.
@Suite("The front door gives apps CTX's payment request", hangGuard(minutes: 3))
struct CTXPaymentRequestTests {
    @Test(
        "placeOrder returns the decoded request, its signature verified; a status call keeps the order payable; paymentRequest(for:) fetches it again",
        .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"))
    func requestGivenToApps() async throws {
        let authority = try X509TestAuthority.made()
        let fixture = try BuyingFixture(signedInTo: [.ctx], trustedRoots: [authority.root])
        fixture.server.orderBook.setCTXPaymentRequests(.signed, uri: .requestOnly)
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        let order = try await fixture.client.placeOrder(quote)
        #expect(order.status == .unpaid)
        #expect(order.isPayable)
        #expect(order.paymentURI == fixture.server.orderBook.entries.first?.paymentURI)
        #expect(order.paymentURI?.hasPrefix("dash:?r=http://127.0.0.1:") == true)
        #expect(order.paymentRequestURL?.hasSuffix(MockProviderServer.paymentRequestPath + "ctx-order-1") == true)
        let request = try #require(order.paymentRequest)
        #expect(order.dashAmount == request.total)
        #expect(request.total == Decimal(string: MockOrderBook.dash(25)))
        #expect(request.outputs.map(\.address) == [MockOrderBook.dashAddress])
        #expect(request.paymentURL == "https://ctx.example/bip70/pay/ctx-order-1")
        #expect(request.merchantData == Array("ctx-order-1".utf8))
        #expect(request.signature == .verified(pkiType: "x509+sha256", signer: "pay.ctx.example"))

        // A status call sends the same r= URI: the order keeps its payment.
        let polled = try await fixture.client.order(id: order.id)
        #expect(polled.isPayable, "\(polled.notes) \(polled.message ?? "")")
        #expect(polled.paymentURI == order.paymentURI)
        #expect(polled.dashAmount == order.dashAmount)

        let again = try await fixture.client.paymentRequest(for: try fixture.client.storedOrder(id: order.id))
        #expect(again.outputs == request.outputs)
        #expect(again.memo == request.memo)
        #expect(again.signature.isVerified)
    }

    @Test(
        "A request whose signature fails, or whose chain the client does not trust, leaves the order rejected with the reason",
        .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"),
        arguments: [
            (
                FakePaymentRequest.badSignature, true,
                "its x509+sha256 signature fails: the signature is not the signing certificate's"
            ),
            (.signed, false, "its x509+sha256 signature fails: its certificate chain does not verify"),
        ])
    func failedSignatureRejected(_ kind: FakePaymentRequest, _ trusted: Bool, _ reason: String) async throws {
        let authority = try X509TestAuthority.made()
        let fixture = try BuyingFixture(signedInTo: [.ctx], trustedRoots: trusted ? [authority.root] : [])
        fixture.server.orderBook.setCTXPaymentRequests(kind)
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .refused)
        #expect(failure.message.contains("cannot be paid"), "\(failure.message)")
        #expect(failure.message.contains(reason), "\(failure.message)")
        let kept = try #require(try fixture.client.orders().first)
        #expect(kept.status == .rejected)
        #expect(!kept.isPayable)
        #expect(kept.paymentURI == nil)
    }

    @Test("paymentRequest(for:) refuses an order paid to a plain dash: URI, and a request that no longer checks out")
    func paymentRequestRefusals() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let plain = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25))
        let notByRequest = try #require(await ClientFixture.failure { try await fixture.client.paymentRequest(for: plain) })
        #expect(notByRequest.kind == .refused)
        #expect(notByRequest.message.contains("not by a payment request"), "\(notByRequest.message)")

        fixture.server.orderBook.setCTXPaymentRequests(.unsigned)
        let byRequest = try await fixture.client.placeOrder(
            try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 30, again: true))
        #expect(byRequest.isPayable)
        fixture.server.orderBook.setCTXPaymentRequests(.otherAddress)
        let changed = try #require(await ClientFixture.failure { try await fixture.client.paymentRequest(for: byRequest) })
        #expect(changed.kind == .refused)
        #expect(changed.message.contains("does not extend the URI"), "\(changed.message)")
    }
}
