package import DashSpendCore
import DashSpendLocking

#if os(Linux)
import DashSpendCurl
#else
import DashSpendHTTP
#endif

/// The platform's transport, made on the first request: a client that never talks to the network (a search,
/// an offline lookup) never makes one. On Linux it is ``CurlTransport`` (libcurl, itself loaded only by its
/// first request: an offline process never maps it); elsewhere `URLSessionTransport` and, for downloads,
/// `URLSessionDownloader`.
package final class OnDemandTransport: HTTPTransport, HTTPDownloadTransport, Sendable {
    /// A transport that makes the platform's on its first request.
    package init() {}

    #if os(Linux)
    private let transport = CurlTransport()

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport.send(request)
    }

    package func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        try await transport.download(request, timeouts: timeouts, body: body)
    }
    #else
    private let transport = Locked<URLSessionTransport?>(nil)
    private let downloader = Locked<URLSessionDownloader?>(nil)

    package var preferredRangeBytes: Int? { URLSessionDownloader.rangeBytes }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transport = self.transport.withLock { made in
            if let made { return made }
            let new = URLSessionTransport()
            made = new
            return new
        }
        return try await transport.send(request)
    }

    package func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        let downloader = self.downloader.withLock { made in
            if let made { return made }
            let new = URLSessionDownloader()
            made = new
            return new
        }
        return try await downloader.download(request, timeouts: timeouts, body: body)
    }
    #endif
}
