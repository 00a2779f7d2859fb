public import DashSpendCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`: an ephemeral session with no cache and no cookies.
///
/// Every response is returned whatever its status; transport failures (refused connection, reset,
/// truncated body) throw ``DashSpendError/network(_:)`` with a short reason, a time-out ``DashSpendError/timedOut(_:)``.
///
/// - Redirects are never followed: a 3xx comes back as the response, so a bearer token or a secret body
///   never reaches another host or path (the providers map it to a rejection).
/// - ``HTTPRequest/timeout`` is a deadline for the whole exchange, not only for silence: a server that
///   drips its answer is cut off when it expires (``DashSpendError/timedOut(_:)``).
/// - A body larger than ``HTTPResponse/maximumBodyBytes`` stops the transfer and throws
///   ``DashSpendError/unreadableAnswer(_:)``.
/// - Cancelling the calling task cancels the request (it then throws `CancellationError`).
/// - A request that is not idempotent (``HTTPRequest/isIdempotent``: a `POST`, such as a gift-card order) is
///   sent once, on a connection of its own: it goes out through a session made for it alone, so it never
///   rides a kept-alive connection. On Linux `URLSession` runs over libcurl, which re-sends a request on a
///   fresh connection when a reused one turns out dead before answering; for an order that is a second
///   order. On a connection of its own, a dropped connection is a ``DashSpendError/network(_:)`` at once.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: TransportDelegate

    /// Creates a transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.uncachedEphemeral()
        let delegate = TransportDelegate()
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
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
        guard request.isIdempotent else {
            // A session of its own: no connection of another request's to reuse, hence none that can fail
            // under it and make libcurl send it again. Invalidated once its one task has ended.
            let delegate = TransportDelegate()
            let session = URLSession(
                configuration: URLSessionConfiguration.uncachedEphemeral(), delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            return try await Self.perform(urlRequest, deadline: max(0, request.timeout), session: session, delegate: delegate)
        }
        return try await Self.perform(urlRequest, deadline: max(0, request.timeout), session: session, delegate: delegate)
    }

    /// Runs one data task of `session` through `delegate`, racing it with `deadline`: whichever comes first
    /// answers, and on expiry the task is cancelled without waiting for it to wind down. Cancelling the
    /// calling task cancels the data task.
    private static func perform(
        _ urlRequest: URLRequest, deadline: Double, session: URLSession, delegate: TransportDelegate
    ) async throws -> HTTPResponse {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let once = ResumeOnce(continuation)
                let task = session.dataTask(with: urlRequest)
                delegate.register(task) { once.resume($0) }
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                    if once.resume(.failure(DashSpendError.timedOut(nil))) { box.cancel() }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Maps a `URLError` to a short reason without the URL (which may carry a query).
    static func map(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return DashSpendError.network("transport failure") }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut: return DashSpendError.timedOut(nil)
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

/// Collects each task's response and body, refuses redirects, and reports each task's result once.
private final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Exchange {
        var complete: @Sendable (Result<HTTPResponse, any Error>) -> Void
        var response: HTTPURLResponse?
        var body = Data()
        var failure: (any Error)?
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ task: URLSessionTask, complete: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void) {
        lock.lock()
        exchanges[task.taskIdentifier] = Exchange(complete: complete)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = response.expectedContentLength > Int64(HTTPResponse.maximumBodyBytes)
        lock.lock()
        exchanges[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
        // Refused from the header: answer now. swift-corelibs-foundation ignores the `.cancel` disposition
        // and does not end a task cancelled from here, so waiting for the task would mean waiting for the
        // whole announced body, or the deadline.
        let refused = tooLarge ? exchanges.removeValue(forKey: dataTask.taskIdentifier) : nil
        lock.unlock()
        completionHandler(tooLarge ? .cancel : .allow)
        if tooLarge {
            refused?.complete(.failure(Self.tooLarge))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        lock.lock()
        var overflow = false
        // Mutated in place: a copy of the exchange would share its body, and every append would then copy
        // the whole body so far (quadratic: seconds of copying for a body near the cap).
        if exchanges[id] != nil, exchanges[id]!.failure == nil {
            if exchanges[id]!.body.count + data.count > HTTPResponse.maximumBodyBytes {
                exchanges[id]!.failure = Self.tooLarge
                exchanges[id]!.body = Data()
                overflow = true
            } else {
                exchanges[id]!.body.append(data)
            }
        }
        lock.unlock()
        if overflow { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let exchange = exchanges.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let exchange else { return }
        if let failure = exchange.failure {
            exchange.complete(.failure(failure))
        } else if let error {
            exchange.complete(.failure(URLSessionTransport.map(error)))
        } else if let http = exchange.response ?? (task.response as? HTTPURLResponse) {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            exchange.complete(.success(HTTPResponse(status: http.statusCode, headers: headers, body: exchange.body)))
        } else {
            exchange.complete(.failure(DashSpendError.network("no HTTP response")))
        }
    }

    private static let tooLarge = DashSpendError.unreadableAnswer(
        "the answer is larger than \(HTTPResponse.maximumBodyBytes / 1_048_576) MiB")
}

/// Resumes a continuation once: with the exchange's result or the deadline's error, whichever is first.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?

    init(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.continuation = continuation
    }

    /// Resumes with `result` unless already resumed; returns whether this call did.
    @discardableResult
    func resume(_ result: Result<HTTPResponse, any Error>) -> Bool {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(with: result)
        return pending != nil
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
