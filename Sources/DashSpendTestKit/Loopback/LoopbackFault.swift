/// A failure ``LoopbackHTTPServer`` injects on a route instead of (or before) its normal answer.
public enum LoopbackFault: Sendable, Hashable {
    /// Wait this many seconds, then answer normally.
    case delay(Double)
    /// Answer with this status and body instead of the handler's answer.
    case respond(status: Int, body: String)
    /// Answer 200 with a body that is not JSON.
    case malformedJSON
    /// Send the headers with a `Content-Length` larger than the body actually sent, then close.
    case truncatedBody
    /// Send the headers (with the full `Content-Length`), then the body one byte every `interval` seconds,
    /// for a client whose whole-exchange deadline must cut it off.
    case dripBody(interval: Double)
    /// Read the request, then reset the connection (`SO_LINGER` 0 and close).
    case connectionReset
}
