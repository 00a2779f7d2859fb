/// Sends a request whose response body is streamed to a writer as it arrives instead of being collected in
/// memory: for downloads of any size (the explore data is hundreds of megabytes). `CurlTransport` in
/// `DashSpendCurl` (Linux) and `URLSessionDownloader` in `DashSpendHTTP` implement it.
///
/// ## Implementation requirements
/// - Call `body` once, with the status and headers (the body empty), before any byte of the body; write
///   every byte of the body to the writer it returns, in order, and nothing after the call has returned.
///   When it returns nil, collect the body in memory (at most ``HTTPResponse/maximumBodyBytes``) and
///   return it in the response.
/// - Never follow a redirect: a 3xx is returned as the response.
/// - Time limits are for silence, not for the whole exchange: fail with ``HTTPDownloadError/noResponse(seconds:)``
///   when no response head arrives within ``HTTPDownloadTimeouts/connect`` seconds, and with
///   ``HTTPDownloadError/stalled(seconds:)`` when no byte arrives for ``HTTPDownloadTimeouts/stall`` seconds,
///   so a slow but moving download finishes.
/// - Throw ``DashSpendError/network(_:)`` for other transport failures (a refused connection, a reset, a body
///   cut short), rethrow what the writer throws, and honour task cancellation.
public protocol HTTPDownloadTransport: Sendable {
    /// Sends `request`; the body of the response goes to the writer `body` returns for its head.
    func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse

    /// The most bytes worth asking for in one request, for a transport that reads ahead of its writer (and so
    /// holds up to one request's backlog in memory on a link faster than the disk); nil (the default) for one
    /// that hands each chunk to the writer as it arrives, which a whole object in one request costs nothing.
    var preferredRangeBytes: Int? { get }
}

extension HTTPDownloadTransport {
    /// nil: each chunk goes to the writer as it arrives, so one request may carry the whole object.
    public var preferredRangeBytes: Int? { nil }
}

/// Receives a streamed response body, chunk by chunk, in order.
public protocol HTTPBodyWriter: AnyObject, Sendable {
    /// Writes the next `bytes` of the body (valid only during the call).
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// How long a download may stay silent.
public struct HTTPDownloadTimeouts: Sendable, Hashable {
    /// Seconds to connect and receive the response head.
    public var connect: Double
    /// Seconds without a single byte of the body before the download is given up.
    public var stall: Double

    /// Creates time limits; the defaults are 20 seconds to connect, 30 seconds of silence.
    public init(connect: Double = 20, stall: Double = 30) {
        self.connect = connect
        self.stall = stall
    }
}

/// A download's time limit was reached.
public enum HTTPDownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No response head arrived within this many seconds (the server cannot be reached, or does not answer).
    case noResponse(seconds: Double)
    /// No byte of the body arrived for this many seconds.
    case stalled(seconds: Double)

    /// A one-line message.
    public var description: String {
        switch self {
        case .noResponse(let seconds): return "no answer within \(Self.text(seconds)) seconds"
        case .stalled(let seconds): return "no data for \(Self.text(seconds)) seconds"
        }
    }

    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
