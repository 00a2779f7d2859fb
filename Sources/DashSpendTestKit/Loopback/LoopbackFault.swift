/// A failure ``LoopbackHTTPServer`` injects on a route instead of (or before) its normal answer.
package enum LoopbackFault: Sendable, Hashable {
    /// Wait this many seconds, then answer normally.
    case delay(Double)
    /// Handle the request (its effects on the server happen), then hold the answer until the gate opens;
    /// the gate counts the request once handled.
    case hold(LoopbackGate)
    /// Hold the request until the gate opens, then handle it and answer: its effects on the server happen
    /// only then, so a test can change the server's state (rotate a token) before this request sees it. The
    /// gate counts the request as it arrives.
    case holdBeforeHandling(LoopbackGate)
    /// Answer with this status and body instead of the handler's answer.
    case respond(status: Int, body: String)
    /// Answer with this status, extra header fields (e.g. `Retry-After`) and body instead of the handler's.
    case respondWithHeaders(status: Int, headers: [String: String], body: String)
    /// Answer 200 with a body that is not JSON.
    case malformedJSON
    /// Send the headers with a `Content-Length` larger than the body actually sent, then close.
    case truncatedBody
    /// Send the headers (with the full `Content-Length`), then the body one byte every `interval` seconds,
    /// for a client whose whole-exchange deadline must cut it off.
    case dripBody(interval: Double)
    /// Read the request, then reset the connection (`SO_LINGER` 0 and close).
    case connectionReset
    /// Read the request, then close the connection without answering (an orderly close: the client reads
    /// end-of-file where the answer should be), as a server that drops an idle keep-alive connection does.
    case closeConnection
    /// Send the handler's body with `Transfer-Encoding: chunked` in chunks of `chunkSize` bytes, and no
    /// `Content-Length`: the client learns the size only as the body arrives (its streaming cap must act).
    case chunkedBody(chunkSize: Int)
    /// Send the handler's body with neither `Content-Length` nor chunking, ending it by closing the
    /// connection (HTTP/1.1 close-delimited).
    case closeDelimitedBody
    /// Send `Content-Length: declared` whatever the body's size, then the body, then keep the connection
    /// open until the client closes it (or 10 s pass): a client that trusts the header waits for bytes that
    /// never come, one that checks it against its cap refuses at once.
    case declaredLength(Int)
}
