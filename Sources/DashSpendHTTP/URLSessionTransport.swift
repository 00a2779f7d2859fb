import DashSpendCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`: an ephemeral session with no cache and no cookies.
///
/// Every response is returned whatever its status; transport failures (refused connection, reset,
/// time-out, truncated body) throw ``DashSpendError/network(_:)`` with a short reason. Each request's
/// ``HTTPRequest/timeout`` applies, and cancelling the calling task cancels the request
/// (it then throws `CancellationError`).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration)
    }

    /// Sends `request` and returns the server's response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: Self.map(error))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: DashSpendError.network("no HTTP response"))
                        return
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        headers[String(describing: name)] = String(describing: value)
                    }
                    continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Maps a `URLError` to a short reason without the URL (which may carry a query).
    private static func map(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return DashSpendError.network("transport failure") }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut: return DashSpendError.network("timed out")
        case .cannotConnectToHost: return DashSpendError.network("connection refused")
        case .networkConnectionLost: return DashSpendError.network("connection lost")
        case .cannotFindHost, .dnsLookupFailed: return DashSpendError.network("host not found")
        case .notConnectedToInternet: return DashSpendError.network("not connected")
        case .badServerResponse: return DashSpendError.network("bad server response")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return DashSpendError.network("TLS failure")
        default: return DashSpendError.network("transport failure (\(urlError.code.rawValue))")
        }
    }
}

/// Holds the data task so a cancellation that races the start still cancels it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let wasCancelled = cancelled
        lock.unlock()
        task.resume()
        if wasCancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let current = task
        lock.unlock()
        current?.cancel()
    }
}
