import DashSpendCore
import DashSpendHTTP
import DashSpendTestSupport
import Foundation
import Testing

/// The two body caps of `URLSessionTransport`, each alone: a body whose size no header announces (chunked or
/// close-delimited) reaches only the streaming cap, and a `Content-Length` above the cap over a body that never
/// comes reaches only the header cap. (A body above the cap with an honest `Content-Length` is stopped by
/// both, so it cannot show that either one works.)
@Suite("URLSessionTransport: the streaming cap and the Content-Length cap", hangGuard(minutes: 2))
struct TransportCapTests {
    static let overCap = HTTPResponse.maximumBodyBytes + 1

    /// What sending GET `/body` to a server with `fault` gives: the response, or the error.
    func fetch(_ fault: LoopbackFault, bodySize: Int, timeout: Double = 30) async throws -> Result<
        HTTPResponse, DashSpendError
    > {
        let server = LoopbackHTTPServer()
        let body = Data(repeating: UInt8(ascii: " "), count: bodySize)
        server.route("/body") { _ in .json(body) }
        server.inject(fault, path: "/body")
        try server.start()
        defer { server.stop() }
        let request = HTTPRequest(method: "GET", url: server.baseURL.appendingAPIPath(["body"]), timeout: timeout)
        do {
            let response = try await URLSessionTransport().send(request)
            #expect(server.requestCount(path: "/body") == 1)
            return .success(response)
        } catch let error as DashSpendError {
            #expect(server.requestCount(path: "/body") == 1, "the request reached the server")
            return .failure(error)
        }
    }

    func expectTooLarge(_ result: Result<HTTPResponse, DashSpendError>, _ comment: Comment) {
        switch result {
        case .failure(.unreadableAnswer(let reason)):
            #expect(reason.contains("MiB"), comment)
        case .failure(let error):
            Issue.record("\(comment): expected unreadableAnswer, got \(error)")
        case .success(let response):
            Issue.record("\(comment): expected unreadableAnswer, got \(response.status) with \(response.body.count) bytes")
        }
    }

    @Test("The faults work: chunked and close-delimited bodies under the cap arrive whole")
    func underTheCap() async throws {
        for fault in [LoopbackFault.chunkedBody(chunkSize: 65_536), .closeDelimitedBody] {
            let result = try await fetch(fault, bodySize: 1_048_576)
            guard case .success(let response) = result else {
                Issue.record("\(fault): \(result)")
                continue
            }
            #expect(response.status == 200, "\(fault)")
            #expect(response.body.count == 1_048_576, "\(fault)")
            #expect(response.headers.keys.contains { $0.lowercased() == "content-length" } == false, "\(fault)")
        }
    }

    @Test("A chunked body above the cap is refused (the streaming cap; no Content-Length)")
    func chunkedAboveTheCap() async throws {
        expectTooLarge(try await fetch(.chunkedBody(chunkSize: 65_536), bodySize: Self.overCap), "chunked")
    }

    @Test("A close-delimited body above the cap is refused (the streaming cap; no Content-Length)")
    func closeDelimitedAboveTheCap() async throws {
        expectTooLarge(try await fetch(.closeDelimitedBody, bodySize: Self.overCap), "close-delimited")
    }

    @Test("A Content-Length above the cap is refused from the header, without waiting for the body")
    func declaredAboveTheCap() async throws {
        // Two bytes sent, then the server holds the connection: only the header says the body is too large.
        // A transport without the header cap (or one that waits for the task to end after refusing it)
        // waits for the rest and times out instead. No bound on the elapsed time: on two busy cores the
        // test itself may resume late, so the kind of error is what tells.
        expectTooLarge(try await fetch(.declaredLength(Self.overCap), bodySize: 2, timeout: 30), "Content-Length")
    }
}
