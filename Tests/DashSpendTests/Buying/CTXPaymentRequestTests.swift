import DashSpend
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// A CTX order paid by BIP70 payment request through the front door: the request decoded and given to the
/// app with the order, kept payable through status calls, and fetched again for a kept order.
@Suite("The front door gives apps CTX's payment request", hangGuard(minutes: 3))
struct CTXPaymentRequestTests {
    @Test("placeOrder returns the decoded request; a status call keeps the order payable; paymentRequest(for:) fetches it again")
    func requestGivenToApps() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
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
        #expect(request.signature == .notVerified(pkiType: "x509+sha256", signer: "pay.ctx.example"))

        // A status call sends the same r= URI: the order keeps its payment.
        let polled = try await fixture.client.order(id: order.id)
        #expect(polled.isPayable, "\(polled.notes) \(polled.message ?? "")")
        #expect(polled.paymentURI == order.paymentURI)
        #expect(polled.dashAmount == order.dashAmount)

        let again = try await fixture.client.paymentRequest(for: try fixture.client.storedOrder(id: order.id))
        #expect(again.outputs == request.outputs)
        #expect(again.memo == request.memo)
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
