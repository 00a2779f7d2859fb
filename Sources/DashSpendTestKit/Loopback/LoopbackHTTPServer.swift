import DashSpendCore
import DashSpendLocking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on `127.0.0.1` with an ephemeral port, for tests that must go through a real
/// transport (sockets, time-outs, resets) rather than a mocked one.
///
/// One thread accepts connections and one thread serves each connection; every response carries
/// `Connection: close`, unless ``setKeepAlive(_:)`` turned keep-alive on: then the answers the handlers give
/// keep the connection open for the client's next request. Routes are matched on the exact path (without the query); a request on a path
/// with no route goes to ``fallback``. Faults (``LoopbackFault``) can be injected per path, for a number
/// of requests or until cleared. Every request is counted per path and logged.
///
/// ```swift
/// let server = LoopbackHTTPServer()
/// server.route("/hello") { _ in .json(#"{"ok":true}"#) }
/// try server.start()
/// defer { server.stop() }
/// ```
package final class LoopbackHTTPServer: Sendable {
    /// Answers one request.
    package typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse
    /// Answers one request by writing to the connection itself (a large body streamed from a file, a body cut
    /// short, a stall); the connection is closed when it returns.
    typealias StreamHandler = @Sendable (LoopbackRequest, LoopbackConnection) -> Void

    private struct State {
        var listener: Int32 = -1
        var port: Int = 0
        var acceptThread: pthread_t?
        var stopping = false
        var routes: [String: Handler] = [:]
        var streamRoutes: [String: StreamHandler] = [:]
        var fallback: Handler = { _ in .notFound }
        var faults: [String: (fault: LoopbackFault, remaining: Int?)] = [:]
        var counts: [String: Int] = [:]
        var log: [LoopbackRequest] = []
        /// Requests being answered now and the most at once, per path and per folder above it.
        var inFlight: [String: Int] = [:]
        var maxInFlight: [String: Int] = [:]
        var keepAlive = false
        /// How many connections were accepted.
        var connections = 0
        /// Request heads received per path, whether or not their body arrived whole.
        var heads: [String: Int] = [:]
    }

    private let state = Locked(State())

    /// Creates a stopped server.
    package init() {}

    deinit {
        stop()
    }

    // MARK: - Life cycle

    /// The port the server listens on (0 before ``start()``).
    package var port: Int { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Binds an ephemeral port on 127.0.0.1 and starts accepting connections.
    package func start() throws {
        // Close-on-exec, as every accepted connection: a process a test starts meanwhile must not hold the
        // listener (or a connection) open after the server stops or a handler closes it.
        let descriptor = LoopbackSocket.stream()
        guard descriptor >= 0 else { throw LoopbackError("socket: \(SystemError.message())") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let message = SystemError.message()
            close(descriptor)
            throw LoopbackError("bind/listen: \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        state.withLock {
            $0.listener = descriptor
            $0.port = port
            $0.stopping = false
        }
        let thread = LoopbackSocket.spawnThread { [self] in acceptLoop(descriptor) }
        state.withLock { $0.acceptThread = thread }
    }

    /// Stops accepting connections and waits for the accepting thread to end. Connections being served
    /// finish on their own threads.
    package func stop() {
        let (descriptor, thread) = state.withLock { state -> (Int32, pthread_t?) in
            state.stopping = true
            let result = (state.listener, state.acceptThread)
            state.listener = -1
            state.acceptThread = nil
            return result
        }
        guard descriptor >= 0 else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        if let thread { pthread_join(thread, nil) }
        close(descriptor)
    }

    // MARK: - Routes and faults

    /// Answers requests on `path` (exact, without the query) with `handler`.
    package func route(_ path: String, _ handler: @escaping Handler) {
        state.withLock { $0.routes[path] = handler }
    }

    /// Answers requests on `path` (exact, without the query) by writing to the connection (see ``StreamHandler``).
    /// An injected fault on the path takes precedence, as for ``route(_:_:)``.
    func streamRoute(_ path: String, _ handler: @escaping StreamHandler) {
        state.withLock { $0.streamRoutes[path] = handler }
    }

    /// Answers requests on paths that have no route.
    package func setFallback(_ handler: @escaping Handler) {
        state.withLock { $0.fallback = handler }
    }

    /// Injects `fault` on `path` for the next `times` requests, or until ``clearFaults()`` when nil.
    package func inject(_ fault: LoopbackFault, path: String, times: Int? = nil) {
        state.withLock { $0.faults[path] = (fault, times) }
    }

    /// Keep-alive on: a request answered by its handler (no fault) gets no `Connection: close`, and the
    /// connection stays open for the next request, as a real server's does (until the client closes it, or
    /// 10 s pass without a request). A fault still ends its connection. Off (the default): one request per
    /// connection.
    package func setKeepAlive(_ on: Bool) {
        state.withLock { $0.keepAlive = on }
    }

    /// Removes every injected fault.
    package func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    // MARK: - Observation

    /// How many requests arrived on `path` (without the query).
    package func requestCount(path: String) -> Int {
        state.withLock { $0.counts[path] ?? 0 }
    }

    /// Every request received, in arrival order.
    package var receivedRequests: [LoopbackRequest] { state.withLock { $0.log } }

    /// How many requests on `path` (without the query) the server began to receive: every request whose head
    /// arrived, counted before its body is read, so a request whose body never came (a client that re-sent a
    /// POST without its body) is counted too. ``requestCount(path:)`` counts only the requests read whole.
    package func requestHeadCount(path: String) -> Int {
        state.withLock { $0.heads[path] ?? 0 }
    }

    /// How many connections the server accepted since it started.
    var acceptedConnections: Int { state.withLock { $0.connections } }

    /// How many requests on `path`, or on any path under it when it ends with `/` (`/ctx/` counts every
    /// request under `/ctx/`), are being answered now.
    ///
    /// A request counts from the moment it was read until its answer is about to be written (after any
    /// delay or hold; other injected faults end the count at once), so a client can never have received an
    /// answer the server still counts.
    package func requestsInFlight(under path: String) -> Int {
        state.withLock { $0.inFlight[path] ?? 0 }
    }

    /// The most requests on `path` (or under it, see ``requestsInFlight(under:)``) answered at the same time
    /// since the server started or ``resetCounters()``.
    package func maxRequestsInFlight(under path: String) -> Int {
        state.withLock { $0.maxInFlight[path] ?? 0 }
    }

    /// Forgets the counters and the request log (the requests in flight stay counted, their maxima restart).
    package func resetCounters() {
        state.withLock {
            $0.counts.removeAll()
            $0.heads.removeAll()
            $0.log.removeAll()
            $0.maxInFlight = $0.inFlight
        }
    }

    /// `path` and every folder above it: `/a/b` gives `/`, `/a/` and `/a/b`.
    private static func inFlightKeys(_ path: String) -> [String] {
        var keys: [String] = []
        var index = path.startIndex
        while let slash = path[index...].firstIndex(of: "/") {
            keys.append(String(path[...slash]))
            index = path.index(after: slash)
        }
        if keys.last != path { keys.append(path) }
        return keys
    }

    /// Counts `path` as answered (once: later calls do nothing).
    private func finish(_ path: String, _ open: inout Bool) {
        guard open else { return }
        open = false
        state.withLock { state in
            for key in Self.inFlightKeys(path) { state.inFlight[key, default: 1] -= 1 }
        }
    }

    // MARK: - Serving

    private func acceptLoop(_ listener: Int32) {
        while true {
            let client = LoopbackSocket.accept(listener)
            if client < 0 {
                if errno == EINTR { continue }
                if state.withLock({ $0.stopping }) { return }
                if errno == EMFILE || errno == ENFILE || errno == ECONNABORTED {
                    usleep(10_000)
                    continue
                }
                return
            }
            _ = LoopbackSocket.spawnThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        state.withLock { $0.connections += 1 }
        while let request = Self.readRequest(client, onHead: { path in self.state.withLock { $0.heads[path, default: 0] += 1 } })
        {
            switch answer(request, on: client) {
            case .keptOpen: continue
            case .closed: return
            case .finished: break
            }
            break
        }
        shutdown(client, Int32(SHUT_WR))
        close(client)
    }

    /// What ``answer(_:on:)`` left of the connection.
    private enum ConnectionState {
        /// Answered with keep-alive: the next request may follow on it.
        case keptOpen
        /// Answered (or not) and to be closed.
        case finished
        /// Already closed (reset).
        case closed
    }

    /// Answers one request read from `client`.
    private func answer(_ request: LoopbackRequest, on client: Int32) -> ConnectionState {
        let (handler, fault, stream, keepAlive) = state.withLock {
            state -> (Handler, LoopbackFault?, StreamHandler?, Bool) in
            state.counts[request.path, default: 0] += 1
            state.log.append(request)
            for key in Self.inFlightKeys(request.path) {
                let now = state.inFlight[key, default: 0] + 1
                state.inFlight[key] = now
                state.maxInFlight[key] = max(state.maxInFlight[key] ?? 0, now)
            }
            var fault: LoopbackFault?
            if let entry = state.faults[request.path] {
                fault = entry.fault
                if let remaining = entry.remaining {
                    if remaining <= 1 {
                        state.faults[request.path] = nil
                    } else {
                        state.faults[request.path] = (entry.fault, remaining - 1)
                    }
                }
            }
            return (
                state.routes[request.path] ?? state.fallback, fault, state.streamRoutes[request.path], state.keepAlive
            )
        }
        var open = true
        defer { finish(request.path, &open) }
        switch fault {
        case .delay?, .hold?, .holdBeforeHandling?, nil: break
        default: finish(request.path, &open)  // the other faults write (or close) at once
        }
        switch fault {
        case .delay(let seconds)?:
            usleep(UInt32(max(0, min(seconds, 60)) * 1_000_000))
            let response = handler(request)
            finish(request.path, &open)
            Self.write(response, to: client)
        case .respond(let status, let body)?:
            Self.write(.json(body, status: status), to: client)
        case .respondWithHeaders(let status, let headers, let body)?:
            var response = LoopbackResponse.json(body, status: status)
            response.headers.merge(headers) { _, given in given }
            Self.write(response, to: client)
        case .malformedJSON?:
            Self.write(.json(#"{"id": "unterminated, "name": ["#), to: client)
        case .truncatedBody?:
            let response = handler(request)
            var body = response.body
            if body.isEmpty { body = Data("{".utf8) }
            Self.write(response, to: client, body: body.prefix(max(1, body.count / 2)), declaredLength: body.count + 100)
        case .dripBody(let interval)?:
            Self.drip(handler(request), to: client, interval: interval)
        case .hold(let gate)?:
            let response = handler(request)
            gate.pass()
            finish(request.path, &open)
            Self.write(response, to: client)
        case .holdBeforeHandling(let gate)?:
            gate.pass()
            let response = handler(request)
            finish(request.path, &open)
            Self.write(response, to: client)
        case .connectionReset?:
            LoopbackSocket.reset(client)
            return .closed
        case .closeConnection?:
            break
        case .chunkedBody(let chunkSize)?:
            Self.writeChunked(handler(request), to: client, chunkSize: chunkSize)
        case .closeDelimitedBody?:
            let response = handler(request)
            Self.sendAll(Self.head(response, framing: []) + [UInt8](response.body), to: client)
        case .declaredLength(let declared)?:
            let response = handler(request)
            Self.sendAll(Self.head(response, framing: ["Content-Length: \(declared)"]) + [UInt8](response.body), to: client)
            // Hold the connection until the client goes away (recv returns 0 or fails) or SO_RCVTIMEO passes.
            var byte: UInt8 = 0
            while recv(client, &byte, 1, 0) > 0 {}
        case nil:
            if let stream {
                finish(request.path, &open)
                let connection = LoopbackConnection(client)
                stream(request, connection)
                if connection.wasReset { return .closed }
            } else {
                let response = handler(request)
                finish(request.path, &open)
                Self.write(response, to: client, keepAlive: keepAlive)
                if keepAlive { return .keptOpen }
            }
        }
        return .finished
    }

    /// Reads one request; `onHead` is told its path as soon as its head is parsed, before the body is read.
    private static func readRequest(_ client: Int32, onHead: (String) -> Void) -> LoopbackRequest? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if buffer.count >= 4 {
                let start = max(0, buffer.count - count - 3)
                for index in start...(buffer.count - 4) where Array(buffer[index..<index + 4]) == terminator {
                    headerEnd = index
                    break
                }
            }
            if buffer.count > 1_048_576 { return nil }
        }
        let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmedWhitespace
        }
        let target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        onHead(String(pathAndQuery[0]))
        var body = Array(buffer[(headerEnd! + 4)...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        return LoopbackRequest(
            method: String(requestLine[0]), path: String(pathAndQuery[0]),
            query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : "",
            headers: headers, body: Data(body.prefix(length)))
    }

    /// Writes the head with `Content-Length: declaredLength` (by default the body's length), then `body`
    /// (by default the response's), stopping when the client goes away.
    private static func write(
        _ response: LoopbackResponse, to client: Int32, body: Data? = nil, declaredLength: Int? = nil, keepAlive: Bool = false
    ) {
        let sent = body ?? response.body
        sendAll(
            head(response, framing: ["Content-Length: \(declaredLength ?? sent.count)"], keepAlive: keepAlive) + sent,
            to: client)
    }

    /// The status line and header fields of `response`, with `framing` (the body's length header, if any)
    /// and `Connection: close` (`Connection: keep-alive` when `keepAlive`), through the blank line.
    static func head(_ response: LoopbackResponse, framing: [String], keepAlive: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers
        where !["content-length", "connection", "transfer-encoding"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        for line in framing { head += line + "\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8)
    }

    /// Sends all of `bytes`, or stops when the client goes away; returns whether everything was sent.
    @discardableResult
    static func sendAll(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                LoopbackSocket.send(client, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Writes the head with `Transfer-Encoding: chunked`, then the body in chunks of `chunkSize` bytes and
    /// the last chunk, stopping when the client goes away.
    private static func writeChunked(_ response: LoopbackResponse, to client: Int32, chunkSize: Int) {
        guard sendAll(head(response, framing: ["Transfer-Encoding: chunked"]), to: client) else { return }
        let body = [UInt8](response.body)
        let size = max(1, chunkSize)
        var start = 0
        while start < body.count {
            let end = min(body.count, start + size)
            let chunk = Array(String(end - start, radix: 16).utf8) + [13, 10] + body[start..<end] + [13, 10]
            guard sendAll(chunk, to: client) else { return }
            start = end
        }
        sendAll(Array("0\r\n\r\n".utf8), to: client)
    }

    /// Writes the head, then one body byte per `interval` until the body ends or the client goes away.
    private static func drip(_ response: LoopbackResponse, to client: Int32, interval: Double) {
        write(response, to: client, body: Data(), declaredLength: response.body.count)
        let pause = UInt32(max(0.001, min(interval, 10)) * 1_000_000)
        for byte in response.body {
            usleep(pause)
            var single = byte
            if LoopbackSocket.send(client, &single, 1) != 1 { return }
        }
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 304: return "Not Modified"
        case 416: return "Range Not Satisfiable"
        case 429: return "Too Many Requests"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 302: return "Found"
        case 409: return "Conflict"
        case 422: return "Unprocessable Entity"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

/// The loopback server could not start.
struct LoopbackError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    package let description: String
    init(_ description: String) { self.description = description }
}
