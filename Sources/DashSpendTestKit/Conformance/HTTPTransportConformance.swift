public import DashSpendCore
public import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks every ``HTTPTransport`` must pass, run against a ``LoopbackHTTPServer`` the suite starts on
/// `127.0.0.1` (real sockets: refused connections, resets, slow and truncated answers).
///
/// ```swift
/// @Test(hangGuard(minutes: 2)) func myTransportConforms() async throws {
///     try await HTTPTransportConformance(makeTransport: { MyTransport() }).run()
/// }
/// ```
///
/// Each failure is recorded as a Swift Testing issue at the line that called ``run(sourceLocation:)``, with
/// a message that names the check (`HTTPTransportConformance: no redirect followed: ...`). A run takes a few
/// seconds for a conforming transport: the deadline checks wait for `deadline` (one second by default) twice.
///
/// ## Implementation requirements
/// - Send the method, every header and the body as given; return the status, the headers (names
///   lowercased, as ``HTTPResponse`` does) and the body byte for byte, whatever the status.
/// - Never follow a redirect: a 3xx is the response.
/// - Honour ``HTTPRequest/timeout`` as a deadline for the whole exchange (a silent server and a server that
///   drips its answer both end in ``DashSpendError/timedOut(_:)``), and throw `CancellationError` promptly
///   when the calling task is cancelled.
/// - Throw ``DashSpendError/network(_:)`` for a refused connection, a reset or a truncated body.
/// - Refuse a body larger than ``HTTPResponse/maximumBodyBytes`` with ``DashSpendError/unreadableAnswer(_:)``.
/// - Never send a non-idempotent request (a POST: a gift-card order) twice, not even after the connection it
///   went out on turns out dead: a POST whose connection is closed or reset before any answer throws
///   ``DashSpendError/network(_:)`` at once, having reached the server once. A transport that keeps
///   connections alive must not send a POST over a reused one, or must not re-send it when that connection
///   fails (libcurl re-sends a request on a fresh connection when a reused one fails before answering: that
///   is a second order).
///
/// When there is an ``HTTPDownloadTransport`` (`makeDownloader`, or the transport itself given as
/// `makeStreamingTransport`), its streamed
/// downloads are checked too (``streamingChecks``): the body to a file byte for byte, the head handed over
/// once before any byte; a writer's refusal rethrown with nothing written after it, a body over
/// ``HTTPResponse/maximumBodyBytes`` collected with no writer refused; the silence limits (no head, a stalled
/// body); cancellation, with nothing written after the call returned.
public struct HTTPTransportConformance: Sendable {
    /// The checks, in the order ``run(sourceLocation:)`` runs them.
    public static let checks = [
        "status and body round trip", "headers sent and received", "no redirect followed", "deadline honoured",
        "cancellation honoured", "transport failures are network errors", "body cap honoured",
        Self.postSentOnceCheck,
    ]

    /// The name of the check that a POST is sent at most once after a dropped keep-alive connection.
    public static let postSentOnceCheck = "a POST after a dropped keep-alive connection is sent once"

    /// The transport under test and the download transport whose streaming is checked (nil: not checked).
    private let make: @Sendable () throws -> (transport: any HTTPTransport, downloader: (any HTTPDownloadTransport)?)
    let deadline: Double
    let slack: Double

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - deadline: the ``HTTPRequest/timeout`` of the deadline checks, in seconds (0.1 to 10).
    ///   - slack: how much longer than the deadline (or than the cancellation) the transport may take to give
    ///     up, in seconds (1 to 600): a hang guard, generous so that a loaded machine (which can hold a task off
    ///     its thread for tens of seconds) never fails a conforming transport; a conforming one gives up at the
    ///     deadline. The servers of these checks hold their answers 20 seconds longer than that, so a transport
    ///     that waits for them still fails.
    ///   - makeTransport: returns the transport under test; called once per run.
    ///   - makeDownloader: returns the download transport whose streaming is checked; when nil, the streaming
    ///     checks are skipped (for a transport that is its own download transport, use
    ///     ``init(deadline:slack:makeStreamingTransport:)``).
    public init(
        deadline: Double = 1, slack: Double = 120, makeTransport: @escaping @Sendable () throws -> any HTTPTransport,
        makeDownloader: (@Sendable () throws -> any HTTPDownloadTransport)? = nil
    ) {
        self.init(deadline: deadline, slack: slack) { (try makeTransport(), try makeDownloader?()) }
    }

    /// Creates the suite for a transport that also streams downloads: every check, the streaming ones
    /// included, runs against the one instance `makeStreamingTransport` returns.
    ///
    /// - Parameters:
    ///   - deadline: as in ``init(deadline:slack:makeTransport:makeDownloader:)``.
    ///   - slack: as in ``init(deadline:slack:makeTransport:makeDownloader:)``.
    ///   - makeStreamingTransport: returns the transport under test; called once per run.
    public init<Transport: HTTPTransport & HTTPDownloadTransport>(
        deadline: Double = 1, slack: Double = 120,
        makeStreamingTransport: @escaping @Sendable () throws -> Transport
    ) {
        self.init(deadline: deadline, slack: slack) {
            let transport = try makeStreamingTransport()
            return (transport, transport)
        }
    }

    private init(
        deadline: Double, slack: Double,
        make: @escaping @Sendable () throws -> (transport: any HTTPTransport, downloader: (any HTTPDownloadTransport)?)
    ) {
        self.make = make
        self.deadline = min(10, max(0.1, deadline))
        self.slack = min(600, max(1, slack))
    }

    /// Starts a loopback server, runs every check against it, and stops it; failures are recorded as issues
    /// at `sourceLocation`.
    ///
    /// - Returns: what ran and how many issues were recorded.
    /// - Throws: when `makeTransport` throws or the loopback server cannot start (the suite cannot run).
    @discardableResult
    public func run(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ConformanceResult {
        let recorder = ConformanceRecorder(suite: "HTTPTransportConformance", location: sourceLocation)
        let (transport, downloader) = try make()
        let server = LoopbackHTTPServer()
        Self.routes(server)
        Self.streamingRoutes(server)
        try server.start()
        defer { server.stop() }
        await roundTrip(transport, server, recorder)
        await headers(transport, server, recorder)
        await redirect(transport, server, recorder)
        await deadlines(transport, server, recorder)
        await cancellation(transport, server, recorder)
        await failures(transport, server, recorder)
        await bodyCap(transport, server, recorder)
        await postSentOnce(transport, server, recorder)
        guard let downloader else {
            return ConformanceResult(checks: Self.checks, skipped: Self.streamingChecks, failureCount: recorder.failureCount)
        }
        await streaming(downloader, server, recorder)
        return ConformanceResult(
            checks: Self.checks + Self.streamingChecks, skipped: [], failureCount: recorder.failureCount)
    }

    // MARK: - The server

    /// Every byte value, twice: a body no text decoding survives.
    static let binaryBody = Data((0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init))

    private static func routes(_ server: LoopbackHTTPServer) {
        server.route("/echo") { request in
            // The status to answer is the query; the body is the request's, or the binary body for a GET.
            let status = Int(request.queryItem("status") ?? "") ?? 200
            let body = request.method == "GET" ? binaryBody : request.body
            return LoopbackResponse(
                status: status, headers: ["Content-Type": "application/octet-stream", "X-Kit-Method": request.method],
                body: body)
        }
        server.route("/redirect") { _ in
            LoopbackResponse(status: 302, headers: ["Location": "/redirect-target"], body: Data("moved".utf8))
        }
        server.route("/redirect-target") { _ in .json(#"{"followed":true}"#) }
        // 240 bytes, dripped one at a time over the deadline checks' silence.
        server.route("/slow") { _ in .json(#"{"padding":"\#(String(repeating: "x", count: 226))"}"#) }
        server.route("/large") { _ in
            LoopbackResponse(status: 200, body: Data(count: HTTPResponse.maximumBodyBytes + 1))
        }
        server.route("/keep-alive") { _ in .json(#"{"kept":true}"#) }
        server.route("/create") { _ in .json(#"{"id":"created"}"#) }
    }

    private func request(
        _ server: LoopbackHTTPServer, _ path: String, method: String = "GET", headers: [String: String] = [:],
        body: Data? = nil, timeout: Double = 60
    ) -> HTTPRequest {
        HTTPRequest(
            method: method, url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!, headers: headers, body: body,
            timeout: timeout)
    }

    // MARK: - Checks

    private func roundTrip(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "status and body round trip"
        if let response = await recorder.attempt(check, "GET /echo", { try await transport.send(request(server, "/echo")) }) {
            recorder.expect(response.status == 200, check, "GET /echo answered \(response.status), the server sent 200")
            recorder.expect(
                response.body == Self.binaryBody, check,
                "GET /echo returned \(response.body.count) body bytes that differ from the \(Self.binaryBody.count) sent")
        }
        let sent = Data("{\"kit\":\"posted é ✓\"}".utf8) + Self.binaryBody
        for status in [201, 204, 400, 401, 404, 429, 500, 503] {
            let what = "POST /echo?status=\(status)"
            guard
                let response = await recorder.attempt(
                    check, what,
                    {
                        try await transport.send(request(server, "/echo?status=\(status)", method: "POST", body: sent))
                    })
            else { continue }
            recorder.expect(
                response.status == status, check, "\(what) answered \(response.status); every status must be returned as sent")
            let expected = status == 204 ? Data() : sent
            recorder.expect(
                response.body == expected, check,
                "\(what) returned a body of \(response.body.count) bytes, expected the \(expected.count) bytes sent")
        }
        let posted = server.receivedRequests.filter { $0.path == "/echo" && $0.method == "POST" }
        recorder.expect(!posted.isEmpty, check, "no POST reached the server")
        for received in posted where received.body != sent {
            recorder.fail(check, "the server received a POST body of \(received.body.count) bytes, not the \(sent.count) sent")
        }
    }

    private func headers(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "headers sent and received"
        server.resetCounters()
        let sent = [
            "Authorization": "Bearer kit-token", "X-Client-Id": "kit-client", "Accept": "application/json",
            "Content-Type": "application/json", "X-Kit-Header": "value with spaces",
        ]
        guard
            let response = await recorder.attempt(
                check, "PUT /echo",
                {
                    try await transport.send(request(server, "/echo", method: "PUT", headers: sent, body: Data("{}".utf8)))
                })
        else { return }
        guard let received = server.receivedRequests.last else {
            recorder.fail(check, "the server received no request")
            return
        }
        recorder.expect(received.method == "PUT", check, "the server received method \(received.method), not PUT")
        for (name, value) in sent where received.headers[name.lowercased()] != value {
            recorder.fail(
                check, "header \(name) reached the server as \(received.headers[name.lowercased()] ?? "nothing"), not \(value)")
        }
        recorder.expect(
            response.headers["x-kit-method"] == "PUT", check,
            "the response header X-Kit-Method came back as \(response.headers["x-kit-method"] ?? "nothing") (names must be lowercased)"
        )
        recorder.expect(
            response.headers["content-type"] == "application/octet-stream", check,
            "the response header Content-Type came back as \(response.headers["content-type"] ?? "nothing")")
    }

    private func redirect(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "no redirect followed"
        server.resetCounters()
        let secret = request(server, "/redirect", headers: ["Authorization": "Bearer kit-redirect-secret"])
        guard let response = await recorder.attempt(check, "GET /redirect", { try await transport.send(secret) }) else { return }
        recorder.expect(response.status == 302, check, "GET /redirect answered \(response.status), not the 302 the server sent")
        recorder.expect(
            response.headers["location"] == "/redirect-target", check,
            "the 302's Location came back as \(response.headers["location"] ?? "nothing")")
        let followed = server.requestCount(path: "/redirect-target")
        recorder.expect(followed == 0, check, "the transport followed the redirect (\(followed) request(s) to its target)")
    }

    private func deadlines(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "deadline honoured"
        // The held answer is let through once the transport has given up (or after the silence); the drip
        // lasts as long.
        let silence = deadline + slack + 20
        let gate = LoopbackGate(limit: silence)
        defer { gate.open() }
        let cases: [(what: String, fault: LoopbackFault)] = [
            ("a server that holds its answer \(silence) seconds", .hold(gate)),
            ("a server that drips its body one byte at a time for \(silence) seconds", .dripBody(interval: silence / 240)),
        ]
        for (what, fault) in cases {
            server.inject(fault, path: "/slow", times: 1)
            let start = MonotonicClock.Instant.now
            let error = await recorder.thrown(check, "a request to \(what) with timeout \(deadline)") {
                _ = try await transport.send(request(server, "/slow", timeout: deadline))
            }
            let elapsed = (MonotonicClock.Instant.now - start).seconds
            gate.open()
            recorder.expect(
                elapsed < deadline + slack, check,
                "a request to \(what) with timeout \(deadline) s took \(elapsed) s to end")
            if let error {
                recorder.expect(
                    Self.isTimeout(error), check,
                    "a request to \(what) past its deadline threw \(String(reflecting: error)), not DashSpendError.timedOut")
            }
            server.clearFaults()
        }
    }

    private func cancellation(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder)
        async
    {
        let check = "cancellation honoured"
        // The answer is held until the transport has given up (or after the silence), and the request's own
        // time-out is longer still: only the cancellation can end it in time.
        let silence = slack + 20
        let gate = LoopbackGate(limit: silence)
        defer { gate.open() }
        server.inject(.hold(gate), path: "/slow", times: 1)
        let slow = request(server, "/slow", timeout: silence + 20)
        let task = Task { try await transport.send(slow) }
        // Cancelled once the request is on the server, not after a fixed pause a loaded machine could outlast.
        let arrived = (try? await gate.waitForArrivals(1, timeout: slack)) ?? false
        let start = MonotonicClock.Instant.now
        task.cancel()
        let result = await task.result
        let elapsed = (MonotonicClock.Instant.now - start).seconds
        gate.open()
        server.clearFaults()
        recorder.expect(arrived, check, "the request to cancel did not reach the server within \(slack) s")
        recorder.expect(
            elapsed < slack, check,
            "a request cancelled while on the server ended \(elapsed) s later (the server held it \(silence) s)")
        switch result {
        case .success(let response):
            recorder.fail(check, "a cancelled request returned status \(response.status) instead of throwing CancellationError")
        case .failure(let error):
            recorder.expect(
                error is CancellationError, check,
                "a cancelled request threw \(String(reflecting: error)), not CancellationError")
        }
    }

    private func failures(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "transport failures are network errors"
        // These fail at once; their time-outs are hang guards, far above what a loaded machine may add (a
        // time-out would be the wrong error).
        // A port bound but not listening: refused, and no other server can take it meanwhile.
        do {
            let closed = try ClosedLoopbackPort()
            let refused = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(closed.port)/")!, timeout: 60)
            await expectNetworkError(check, "a request to a closed port", recorder) { _ = try await transport.send(refused) }
            withExtendedLifetime(closed) {}
        } catch {
            recorder.fail(check, "could not reserve a closed loopback port: \(error)")
        }
        for (what, fault) in [("a reset connection", LoopbackFault.connectionReset), ("a truncated body", .truncatedBody)] {
            server.inject(fault, path: "/slow", times: 1)
            await expectNetworkError(check, "a request answered with \(what)", recorder) {
                _ = try await transport.send(request(server, "/slow", timeout: 60))
            }
            server.clearFaults()
        }
    }

    private func bodyCap(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder) async {
        let check = "body cap honoured"
        let cap = HTTPResponse.maximumBodyBytes
        if let error = await recorder.thrown(
            check, "a request answered with \(cap + 1) bytes",
            {
                _ = try await transport.send(request(server, "/large", timeout: 30))
            })
        {
            let isUnreadable: Bool
            if case .unreadableAnswer? = error as? DashSpendError { isUnreadable = true } else { isUnreadable = false }
            recorder.expect(
                isUnreadable, check,
                "a body of \(cap + 1) bytes threw \(String(reflecting: error)), not DashSpendError.unreadableAnswer")
        }
    }

    /// A POST that follows a kept-alive exchange, and whose connection the server drops (closed, or reset)
    /// once it has read it: it must reach the server once (counted from its head, so a re-sent request whose
    /// body never came counts too) and fail at once with a network error. libcurl re-sends a request whose
    /// reused connection fails before answering, on a fresh connection: a second order.
    private func postSentOnce(_ transport: any HTTPTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder)
        async
    {
        let check = Self.postSentOnceCheck
        server.setKeepAlive(true)
        defer { server.setKeepAlive(false) }
        for (what, fault) in [("closed", LoopbackFault.closeConnection), ("reset", .connectionReset)] {
            server.clearFaults()
            server.resetCounters()
            // Twice: a connection now open and idle in the transport's pool, as after a merchant lookup.
            for _ in 0..<2 {
                _ = await recorder.attempt(check, "GET /keep-alive", { try await transport.send(request(server, "/keep-alive")) })
            }
            server.inject(fault, path: "/create")
            let body = Data(#"{"order":"one card"}"#.utf8)
            let clock = MonotonicClock()
            let start = clock.now
            let error = await recorder.thrown(check, "a POST whose connection the server \(what)") {
                _ = try await transport.send(
                    request(server, "/create", method: "POST", body: body, timeout: deadline + slack))
            }
            let elapsed = (clock.now - start).seconds
            let heads = server.requestHeadCount(path: "/create")
            recorder.expect(
                heads <= 1, check,
                "a POST whose connection the server \(what) reached it \(heads) times: a non-idempotent request was re-sent")
            if let error {
                recorder.expect(
                    Self.isNetwork(error), check,
                    "a POST whose connection the server \(what) threw \(String(reflecting: error)) after \(elapsed), "
                        + "not DashSpendError.network at once")
            }
            server.clearFaults()
        }
    }

    // MARK: - Helpers

    private func expectNetworkError(
        _ check: String, _ what: String, _ recorder: ConformanceRecorder, _ body: () async throws -> Void
    ) async {
        guard let error = await recorder.thrown(check, what, body) else { return }
        recorder.expect(
            Self.isNetwork(error), check, "\(what) threw \(String(reflecting: error)), not DashSpendError.network")
    }

    private static func isNetwork(_ error: any Error) -> Bool {
        if case .network? = error as? DashSpendError { return true }
        return false
    }

    /// Whether `error` is the time-out a transport throws at the deadline.
    private static func isTimeout(_ error: any Error) -> Bool {
        if case .timedOut? = error as? DashSpendError { return true }
        return false
    }
}
