#if os(Linux)
import DashSpendCore
import DashSpendCurl
import DashSpendTestKit
import DashSpendTestSupport
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("CurlTransport: kept-alive connections, a POST sent once, downloads", hangGuard(minutes: 2))
struct CurlTransportTests {
    private func url(_ server: KeepAliveServer, _ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    /// A GET reuses the connection the one before it kept alive: one connection for both.
    @Test func keptAliveConnectionIsReused() async throws {
        let server = KeepAliveServer(drop: .close)
        try server.start()
        defer { server.stop() }
        let transport = CurlTransport()
        for _ in 0..<3 {
            let response = try await transport.send(HTTPRequest(method: "GET", url: url(server, "/keep"), timeout: 30))
            #expect(response.status == 200)
            #expect(response.body == Data("ok".utf8))
        }
        #expect(server.connections == 1)
    }

    /// libcurl re-sends a request whose reused connection dies before an answer; for a POST (an order) that
    /// would be a second order. After kept-alive GETs, a POST whose connection the server drops once it has read
    /// it (closed or reset) reaches the server once and fails as a network error.
    @Test(arguments: [KeepAliveServer.Drop.close, .reset])
    func postAfterDroppedKeptAliveConnectionIsSentOnce(drop: KeepAliveServer.Drop) async throws {
        let server = KeepAliveServer(drop: drop)
        try server.start()
        defer { server.stop() }
        let transport = CurlTransport()
        for _ in 0..<2 {
            _ = try await transport.send(HTTPRequest(method: "GET", url: url(server, "/keep"), timeout: 30))
        }
        let order = HTTPRequest(method: "POST", url: url(server, "/create"), body: Data(#"{"card":1}"#.utf8), timeout: 30)
        let error = await #expect(throws: DashSpendError.self) { _ = try await transport.send(order) }
        #expect(server.heads("/create") == 1)
        if case .network? = error {} else { Issue.record("the dropped POST threw \(String(describing: error))") }
        // The transport still works afterwards, over a new connection.
        let after = try await transport.send(HTTPRequest(method: "GET", url: url(server, "/keep"), timeout: 30))
        #expect(after.status == 200)
    }

    /// A URL libcurl could read but the transport must not (a file, another protocol) is refused unsent.
    @Test func onlyHTTPURLsAreSent() async throws {
        for text in ["file:///etc/hostname", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"] {
            let error = await #expect(throws: DashSpendError.self) {
                _ = try await CurlTransport().send(HTTPRequest(method: "GET", url: URL(string: text)!, timeout: 5))
            }
            if case .network? = error {} else { Issue.record("\(text) threw \(String(describing: error))") }
        }
    }

    /// A header value with a line break would add a header of the caller's choosing: refused unsent.
    @Test func headerWithLineBreakIsRefused() async throws {
        let server = KeepAliveServer(drop: .close)
        try server.start()
        defer { server.stop() }
        let request = HTTPRequest(
            method: "GET", url: url(server, "/keep"), headers: ["X-Note": "a\r\nAuthorization: Bearer stolen"], timeout: 5)
        await #expect(throws: DashSpendError.self) { _ = try await CurlTransport().send(request) }
        #expect(server.heads("/keep") == 0)
    }
}
#endif
