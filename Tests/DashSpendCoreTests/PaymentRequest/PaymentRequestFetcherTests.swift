import DashSpendCore
import DashSpendLocking
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a payment request may be fetched from, how it is asked for, and which answers are refused.
@Suite struct PaymentRequestFetcherTests {
    typealias V = PaymentRequestVectors

    /// Answers every request with one response, and keeps the requests.
    final class Recording: HTTPTransport {
        let response: HTTPResponse
        let sent = Locked<[HTTPRequest]>([])

        init(_ response: HTTPResponse) { self.response = response }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sent.withLock { $0.append(request) }
            return response
        }
    }

    @Test func anHTTPSRequestIsAskedForByItsMediaTypeAndDecoded() async throws {
        let transport = Recording(HTTPResponse(status: 200, body: Data(V.unsigned)))
        let uri = try #require(DashURI(parsing: "dash:?r=https%3A%2F%2Fctx.example%2Fr%2F1", network: .mainnet))
        let payment = try await PaymentRequestFetcher(transport: transport, timeout: 5)
            .payment(for: uri, network: .mainnet, at: Date(timeIntervalSince1970: 1_795_435_300))
        #expect(payment.amount == Decimal(string: "0.83333333"))
        #expect(payment.address == "XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw")
        #expect(payment.uri == "dash:?r=https%3A%2F%2Fctx.example%2Fr%2F1", "the URI as sent")
        #expect(payment.paymentRequest?.bytes == V.unsigned)
        let sent = transport.sent.withLock { $0 }
        #expect(sent.map(\.url.absoluteString) == ["https://ctx.example/r/1"])
        #expect(sent.first?.method == "GET")
        #expect(sent.first?.headers["Accept"] == "application/dash-paymentrequest")
        #expect(sent.first?.timeout == 5)
    }

    @Test(arguments: ["http://ctx.example/r/1", "ftp://ctx.example/r/1", "file:///etc/passwd", "not a url"])
    func anythingButHTTPSElsewhereIsNotFetched(_ location: String) async {
        let transport = Recording(HTTPResponse(status: 200, body: Data(V.unsigned)))
        await #expect(throws: DashPaymentRequest.Problem.self) {
            try await PaymentRequestFetcher(transport: transport, timeout: 5).fetch(location)
        }
        #expect(transport.sent.withLock { $0.isEmpty }, "nothing sent")
    }

    @Test func plainHTTPIsFetchedFromThisMachineOnly() async throws {
        let transport = Recording(HTTPResponse(status: 200, body: Data(V.unsigned)))
        let fetcher = PaymentRequestFetcher(transport: transport, timeout: 5)
        _ = try await fetcher.fetch("http://127.0.0.1:8080/r/1")
        _ = try await fetcher.fetch("http://localhost/r/1")
        #expect(transport.sent.withLock { $0.count } == 2)
    }

    @Test(arguments: [302, 404, 500])
    func anAnswerOtherThan200IsRefused(_ status: Int) async {
        let transport = Recording(HTTPResponse(status: status, headers: ["Location": "https://elsewhere.example/"]))
        await #expect {
            try await PaymentRequestFetcher(transport: transport, timeout: 5).fetch("https://ctx.example/r/1")
        } throws: { error in
            "\(error)" == "the payment request at https://ctx.example/r/1 could not be fetched: HTTP \(status)"
        }
    }
}
