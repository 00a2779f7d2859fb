import DashSpendCTX
import DashSpendCore
import DashSpendHTTP
import DashSpendTestSupport
import Foundation
import Testing

@Suite("URLSessionTransport: redirects, deadlines and body size", hangGuard(minutes: 2))
struct TransportSafetyTests {
    @Test func aRedirectToAnotherHostIsReturnedNotFollowed() async throws {
        let target = LoopbackHTTPServer()
        target.route("/target") { _ in .json(#"{"stolen":true}"#) }
        try target.start()
        defer { target.stop() }
        let origin = LoopbackHTTPServer()
        let location = target.baseURL.appendingAPIPath(["target"]).absoluteString
        origin.route("/start") { _ in LoopbackResponse(status: 302, headers: ["Location": location]) }
        origin.route("/target") { _ in .json(#"{"stolen":true}"#) }
        try origin.start()
        defer { origin.stop() }
        let request = HTTPRequest(
            method: "POST", url: origin.baseURL.appendingAPIPath(["start"]),
            headers: ["Authorization": "Bearer secret-token"], body: Data(#"{"password":"p"}"#.utf8), timeout: 5)
        let response = try await URLSessionTransport().send(request)
        #expect(response.status == 302)
        #expect(target.requestCount(path: "/target") == 0)
        #expect(origin.requestCount(path: "/target") == 0)
    }

    @Test func aRedirectToAnotherPathIsNotFollowedAndCTXRejectsIt() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let merchant = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"
        let elsewhere = harness.server.baseURL(for: .ctx).appendingAPIPath(["elsewhere"]).absoluteString
        harness.server.loopback.route("/ctx/merchants/\(merchant)") { _ in
            LoopbackResponse(status: 302, headers: ["Location": elsewhere])
        }
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: merchant)
        }
        guard case .rejected = error else {
            Issue.record("expected rejected, got \(String(describing: error))")
            return
        }
        #expect(harness.server.requestCount(.ctx, "elsewhere") == 0)
    }

    @Test func theTimeoutIsADeadlineForADrippingBody() async throws {
        let server = LoopbackHTTPServer()
        server.route("/drip") { _ in .json(String(repeating: " ", count: 200) + "{}") }
        server.inject(.dripBody(interval: 0.3), path: "/drip")
        try server.start()
        defer { server.stop() }
        let error = await dashSpendError {
            _ = try await URLSessionTransport().send(
                HTTPRequest(method: "GET", url: server.baseURL.appendingAPIPath(["drip"]), timeout: 1))
        }
        // The drip takes a minute and never leaves the connection silent for a second: only a deadline for the
        // whole exchange ends it in a time-out (a transport without one returns the body). No bound on the
        // time: resuming the test took up to 23 s on two cores shared with builds, so it decided nothing else.
        #expect(error == .timedOut(nil))
    }

    @Test func aBodyAboveTheCapIsRefused() async throws {
        let server = LoopbackHTTPServer()
        let huge = Data(repeating: UInt8(ascii: " "), count: HTTPResponse.maximumBodyBytes + 1)
        server.route("/huge") { _ in .json(huge) }
        try server.start()
        defer { server.stop() }
        let error = await dashSpendError {
            _ = try await URLSessionTransport().send(
                HTTPRequest(method: "GET", url: server.baseURL.appendingAPIPath(["huge"]), timeout: 20))
        }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test func requestDescriptionsHideTheTokenAndTheBody() {
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://spend.ctx.com/login")!,
            headers: ["authorization": "Bearer tok-SECRET-1", "Accept": "application/json"],
            body: Data(#"{"password":"pw-SECRET-2"}"#.utf8))
        var dumped = ""
        dump(request, to: &dumped)
        for text in [String(describing: request), String(reflecting: request), dumped, "\(request)"] {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("spend.ctx.com"))
        }
    }

    @Test func credentialDescriptionsHideEverySecret() {
        let credentials = ProviderCredentials(
            email: "user@example.com", accessToken: "acc-SECRET-1", refreshToken: "ref-SECRET-2",
            userId: "u1", password: "pw-SECRET-3")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [String(describing: credentials), String(reflecting: credentials), dumped] {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("user@example.com"))
        }
    }
}
