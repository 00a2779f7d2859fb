#if os(Linux)
public import DashSpendCore
import DashSpendLocking

/// Sends requests and streams downloads with libcurl: the HTTP transport of Linux (``HTTPTransport`` and
/// ``HTTPDownloadTransport`` in one).
///
/// libcurl is the distribution's `libcurl.so.4`, opened with `dlopen` on the first request: creating a
/// transport loads nothing, and a process that never sends a request never maps libcurl or the TLS, Kerberos,
/// LDAP, SSH and IDN libraries behind it. Without libcurl every request fails with ``DashSpendError/network(_:)``.
///
/// - Every response is returned whatever its status; redirects are never followed (a 3xx is the response).
/// - No cookies, no cache; kept-alive connections are reused between requests of one transport.
/// - A request that is not idempotent (a `POST`: an order) goes out on a connection of its own, closed after
///   it: libcurl re-sends a request when the reused connection it went out on turns out dead before any
///   answer, and for an order that would be a second order. It is sent once, and a dropped connection is a
///   ``DashSpendError/network(_:)``.
/// - ``send(_:)``: ``HTTPRequest/timeout`` is a deadline for the whole exchange (``DashSpendError/timedOut(_:)``);
///   a body over ``HTTPResponse/maximumBodyBytes`` (announced or counted) is ``DashSpendError/unreadableAnswer(_:)``.
/// - ``download(_:timeouts:body:)``: the body goes to the writer from libcurl's write callback, chunk by chunk,
///   as it arrives (no copy, no queue); the limits are for silence (``HTTPDownloadTimeouts``).
/// - Cancelling the calling task ends the request at once with `CancellationError`.
public struct CurlTransport: HTTPTransport, HTTPDownloadTransport {
    private let engine = LazyEngine()

    /// Creates a transport; libcurl is loaded by its first request.
    public init() {}

    /// Sends `request` and returns the server's response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let engine = try self.engine.get()
        return try await engine.run(CurlTransfer(request, mode: .send, curl: engine.curl))
    }

    /// Sends `request` and streams its body to the writer `body` returns (see ``HTTPDownloadTransport``).
    public func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let engine = try self.engine.get()
        return try await engine.run(CurlTransfer(request, mode: .download(timeouts, body), curl: engine.curl))
    }

    /// The version of the libcurl in use (`libcurl/7.88.1 OpenSSL/3.0.17 ...`), loading it; nil when it cannot be.
    public static var libraryVersion: String? {
        // Only a version to show (nil is documented): a libcurl that cannot be loaded fails each request with its reason.
        try? LibCurl.shared.get().versionText
    }
}

/// The engine of one transport, made on its first request.
private final class LazyEngine: Sendable {
    private let engine = Locked<CurlEngine?>(nil)

    func get() throws -> CurlEngine {
        try engine.withLock { made throws -> CurlEngine in
            if let made { return made }
            let new = try CurlEngine()
            made = new
            return new
        }
    }
}
#endif
