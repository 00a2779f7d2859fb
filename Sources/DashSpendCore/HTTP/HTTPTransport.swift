/// Sends HTTP requests. Only the modules that implement this protocol reach the networking stack
/// (`CurlTransport` in `DashSpendCurl`, Linux's, which opens libcurl on its first request; `URLSessionTransport`
/// in `DashSpendHTTP`, Apple platforms'), so the core, the store and the resolution logic never load it.
///
/// `HTTPTransportConformance` in `DashSpendTestKit` checks an implementation (and its streamed downloads, when
/// it is also an `HTTPDownloadTransport`).
///
/// ## Implementation requirements
/// - Return every response the server sent, whatever its status; only transport failures throw.
/// - Throw ``DashSpendError/network(_:)`` for a failure to connect, a reset, a time-out or a truncated body.
/// - Honour `request.timeout` as a deadline for the whole exchange, and task cancellation.
/// - Never follow a redirect: a 3xx is returned as the response (a bearer token or a secret body must not
///   reach another host or path).
/// - Refuse a body larger than ``HTTPResponse/maximumBodyBytes`` with ``DashSpendError/unreadableAnswer(_:)``.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the server's response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
