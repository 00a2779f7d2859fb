public import DashSpendCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streams response bodies with `URLSession` (``HTTPDownloadTransport``): each chunk is handed to the
/// writer from the session's delegate as it arrives, so a download of any size uses a few buffers of memory.
///
/// An ephemeral session with no cache and no cookies; redirects are never followed (a 3xx is the
/// response); the time limits are for silence (see ``HTTPDownloadTimeouts``), checked by a watchdog that
/// cancels the task, never a deadline for the whole transfer.
public struct URLSessionDownloader: HTTPDownloadTransport {
    private let session: URLSession
    private let delegate: DownloadDelegate
    /// The delegate queue's dispatch queue, held here: `OperationQueue.underlyingQueue` does not keep it.
    private let dispatchQueue: DispatchQueue

    /// Creates a downloader with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.uncachedEphemeral()
        // The watchdog enforces the limits; the session's own are only a backstop for a lost watchdog.
        configuration.timeoutIntervalForRequest = 86_400
        configuration.timeoutIntervalForResource = 7 * 86_400
        let delegate = DownloadDelegate()
        self.delegate = delegate
        // One serial queue of its own for the delegate: every chunk is written from it, in order.
        dispatchQueue = DispatchQueue(label: "DashSpendHTTP.URLSessionDownloader", qos: .userInitiated)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = dispatchQueue
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// 8 MiB: the session hands each chunk to the delegate's queue without waiting for it, so on a link faster
    /// than the disk a request's backlog is held in memory; a range of 8 MiB bounds it.
    public static let rangeBytes = 8 << 20

    /// ``rangeBytes``.
    public var preferredRangeBytes: Int? { Self.rangeBytes }

    /// Sends `request` and streams its body to the writer `body` returns (see ``HTTPDownloadTransport``).
    public func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = 86_400
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let exchange = DownloadExchange(task: task, timeouts: timeouts, body: body)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                exchange.begin(continuation)
                delegate.register(exchange, for: task)
                exchange.watch()
                task.resume()
            }
        } onCancel: {
            exchange.fail(CancellationError())
        }
    }
}

/// One streamed exchange: its continuation (resumed once), its writer, the time of the last sign of life.
private final class DownloadExchange: @unchecked Sendable {
    private let lock = NSLock()
    private let task: URLSessionDataTask
    private let timeouts: HTTPDownloadTimeouts
    private let makeWriter: @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var head: HTTPResponse?
    private var writer: (any HTTPBodyWriter)?
    private var collected = Data()
    private var lastActivity = DispatchTime.now()
    private var done = false

    init(
        task: URLSessionDataTask, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) {
        self.task = task
        self.timeouts = timeouts
        makeWriter = body
    }

    func begin(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        lock.lock()
        if done {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        lastActivity = .now()
        lock.unlock()
    }

    /// Checks for silence four times per limit, until the exchange ends, on a thread of its own: a timer on
    /// Dispatch's shared queues waits behind whatever blocks their few threads (on two cores, two).
    func watch() {
        let interval = max(0.01, min(timeouts.connect, timeouts.stall) / 4)
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                lock.lock()
                if done {
                    lock.unlock()
                    return
                }
                let silent = Double(DispatchTime.now().uptimeNanoseconds - lastActivity.uptimeNanoseconds) / 1e9
                let limit = head == nil ? timeouts.connect : timeouts.stall
                let started = head != nil
                lock.unlock()
                if silent >= limit {
                    fail(started ? HTTPDownloadError.stalled(seconds: limit) : HTTPDownloadError.noResponse(seconds: limit))
                    return
                }
            }
        }
    }

    /// The response head: asks for a writer. Returns false when the exchange is over (refused here).
    func received(_ response: HTTPURLResponse) -> Bool {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        let head = HTTPResponse(status: response.statusCode, headers: headers)
        lock.lock()
        guard !done else {
            lock.unlock()
            return false
        }
        self.head = head
        lastActivity = .now()
        do {
            writer = try makeWriter(head)
        } catch {
            lock.unlock()
            fail(error)
            return false
        }
        lock.unlock()
        return true
    }

    /// A chunk of the body: written (or collected) at once, under the lock, so nothing is written after the
    /// exchange has ended.
    func received(_ data: Data) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        lastActivity = .now()
        var failure: (any Error)?
        if let writer {
            do {
                try data.withUnsafeBytes { try writer.write($0) }
            } catch {
                failure = error
            }
        } else if collected.count + data.count > HTTPResponse.maximumBodyBytes {
            failure = DashSpendError.unreadableAnswer(
                "the answer is larger than \(HTTPResponse.maximumBodyBytes / 1_048_576) MiB")
        } else {
            collected.append(data)
        }
        lock.unlock()
        if let failure { fail(failure) }
    }

    /// The task ended.
    func completed(_ error: (any Error)?) {
        lock.lock()
        let head =
            self.head
            ?? (task.response as? HTTPURLResponse).map { response in
                HTTPResponse(status: response.statusCode)
            }
        let body = collected
        lock.unlock()
        if let error {
            fail(URLSessionTransport.map(error))
        } else if var head {
            head.body = body
            finish(.success(head))
        } else {
            fail(DashSpendError.network("no HTTP response"))
        }
    }

    /// Ends the exchange with `error` (unless it already ended) and cancels the task.
    func fail(_ error: any Error) {
        if finish(.failure(error)) { task.cancel() }
    }

    @discardableResult
    private func finish(_ result: Result<HTTPResponse, any Error>) -> Bool {
        lock.lock()
        guard !done else {
            lock.unlock()
            return false
        }
        done = true
        writer = nil
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(with: result)
        return true
    }
}

/// Routes the session's callbacks to their exchanges; refuses redirects and caching.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: DownloadExchange] = [:]

    func register(_ exchange: DownloadExchange, for task: URLSessionTask) {
        lock.lock()
        exchanges[task.taskIdentifier] = exchange
        lock.unlock()
    }

    private func exchange(_ task: URLSessionTask, remove: Bool = false) -> DownloadExchange? {
        lock.lock()
        defer { lock.unlock() }
        return remove ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier]
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
        guard let http = response as? HTTPURLResponse, let exchange = exchange(dataTask) else {
            completionHandler(.allow)
            return
        }
        // Refused or ended: the exchange already answered and cancelled the task (corelibs ignores `.cancel`).
        completionHandler(exchange.received(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(task, remove: true)?.completed(error)
    }
}
