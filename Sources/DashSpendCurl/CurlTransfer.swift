#if os(Linux)
import CCurl
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One request on a ``CurlEngine``: its easy handle, configured from the ``HTTPRequest``, what has arrived so
/// far, and how it ended.
///
/// Once submitted it is touched only on the engine's loop thread (libcurl calls its header and write callbacks
/// there), except ``cancelRequested``, which the engine reads and writes under its own lock.
final class CurlTransfer: @unchecked Sendable {
    /// What the transfer does with the body.
    enum Mode {
        /// A whole exchange (``HTTPTransport``): the body collected, at most ``HTTPResponse/maximumBodyBytes``.
        case send
        /// A streamed download (``HTTPDownloadTransport``): the body to the writer the closure gives for the head
        /// (collected when it gives none), silence limits instead of a deadline.
        case download(HTTPDownloadTimeouts, @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?)
    }

    let curl: LibCurl
    let easy: LibCurl.Handle
    private let mode: Mode
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    /// Set under the engine's lock: the caller's task was cancelled.
    var cancelRequested = false

    private var status: Int?
    private var headers: [String: String] = [:]
    private var headComplete = false
    private var body = Data()
    private var writer: (any HTTPBodyWriter)?
    /// Why the transfer stopped, when it was not libcurl's own doing: the writer threw, the body was too
    /// large, a silence limit passed. Once set, every callback refuses, so libcurl stops.
    private var failure: (any Error)?
    private let started = MonotonicClock.Instant.now
    private var lastActivity = MonotonicClock.Instant.now

    /// The receive buffer of a download: larger than libcurl's 16 KiB default, so a fast download reaches the
    /// writer in fewer, larger writes.
    static let downloadBufferBytes = 256 * 1024

    /// Configures an easy handle for `request`. Throws ``DashSpendError/network(_:)`` for a URL that is not
    /// http(s) or a header that would split the request.
    init(_ request: HTTPRequest, mode: Mode, curl: LibCurl) throws {
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw DashSpendError.network("unsupported URL scheme \(request.url.scheme ?? "none")")
        }
        for (name, value) in request.headers where Self.breaksLine(name) || Self.breaksLine(value) || name.contains(":") {
            throw DashSpendError.network("the header \(name.debugDescription) cannot be sent")
        }
        guard let easy = curl.easyInit() else { throw DashSpendError.network("libcurl could not start a request") }
        self.curl = curl
        self.easy = easy
        self.mode = mode
        configure(request)
    }

    private func configure(_ request: HTTPRequest) {
        curl.set(easy, CURLOPT_URL, request.url.absoluteString)
        // Threads of our own: libcurl must not use signals (SIGALRM for name resolution) to time out.
        curl.set(easy, CURLOPT_NOSIGNAL, 1)
        let me = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        curl.set(easy, CURLOPT_HEADERFUNCTION, callback: Self.onHeader)
        curl.set(easy, CURLOPT_HEADERDATA, pointer: me)
        curl.set(easy, CURLOPT_WRITEFUNCTION, callback: Self.onBody)
        curl.set(easy, CURLOPT_WRITEDATA, pointer: me)

        switch request.method {
        case "HEAD":
            curl.set(easy, CURLOPT_NOBODY, 1)
        case "POST":
            curl.set(easy, CURLOPT_POST, 1)
        case "GET" where request.body == nil:
            break
        default:
            curl.set(easy, CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body ?? (request.method == "POST" ? Data() : nil) {
            // Copied by libcurl (binary-safe: the size is set first).
            curl.set(easy, CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            body.withUnsafeBytes { bytes in
                let empty: StaticString = ""
                curl.set(easy, CURLOPT_COPYPOSTFIELDS, pointer: bytes.baseAddress ?? UnsafeRawPointer(empty.utf8Start))
            }
        }

        var lines = request.headers.map { name, value in value.isEmpty ? "\(name);" : "\(name): \(value)" }
        // libcurl would otherwise ask `Expect: 100-continue` before a large body and wait for the answer.
        if !request.headers.keys.contains(where: { $0.lowercased() == "expect" }) { lines.append("Expect:") }
        for line in lines { headerList = curl.slistAppend(headerList, line) }
        curl.set(easy, CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headerList))

        if !request.isIdempotentForCurl {
            // libcurl sends a request again, on a new connection, when the reused connection it went out on turns
            // out dead before any answer. For a POST (an order) that is a second order: a connection of its own,
            // closed after it, so there is never a reused one to fail under it.
            curl.set(easy, CURLOPT_FRESH_CONNECT, 1)
            curl.set(easy, CURLOPT_FORBID_REUSE, 1)
        }

        switch mode {
        case .send:
            let milliseconds = max(1, Int((request.timeout * 1000).rounded(.up)))
            curl.set(easy, CURLOPT_TIMEOUT_MS, milliseconds)
            curl.set(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
            // Every encoding libcurl can decode, decoded, as URLSession does.
            curl.set(easy, CURLOPT_ACCEPT_ENCODING, "")
        case .download:
            // The bytes as stored (a range of an encoded body is no range of the object); the time limits are
            // the engine's, for silence only.
            curl.set(easy, CURLOPT_BUFFERSIZE, Self.downloadBufferBytes)
        }
    }

    private static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == 10 || $0 == 13 || $0 == 0 }
    }

    // MARK: - Life cycle (the engine)

    /// Keeps the caller's continuation, resumed once by ``finish(_:)``.
    func attach(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.continuation = continuation
    }

    /// Frees the easy handle and its header list (the handle is out of the multi handle already, or never was
    /// in it), drops the writer, and resumes the caller with `result`.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        curl.easyCleanup(easy)
        curl.slistFreeAll(headerList)
        headerList = nil
        writer = nil
        let pending = continuation
        continuation = nil
        pending?.resume(with: result)
    }

    /// The outcome once libcurl says the transfer is done with `code`.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        if let failure { return .failure(failure) }
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        guard let status, headComplete else { return .failure(DashSpendError.network("no HTTP response")) }
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }

    /// Stops the transfer for `error` (a silence limit); the engine then finishes it with that error.
    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    // MARK: - Silence limits (downloads)

    /// When the transfer is next due for a silence check: the silence limit from the last sign of life (from the
    /// start until the head has come); nil for a whole exchange, which libcurl times itself.
    var silenceDeadline: MonotonicClock.Instant? {
        guard case .download(let timeouts, _) = mode else { return nil }
        return headComplete ? lastActivity.advanced(bySeconds: timeouts.stall) : started.advanced(bySeconds: timeouts.connect)
    }

    /// The error for a silence limit passed at `now`, nil while there is time left.
    func silenceFailure(at now: MonotonicClock.Instant) -> (any Error)? {
        guard case .download(let timeouts, _) = mode, let deadline = silenceDeadline, now >= deadline else { return nil }
        return headComplete
            ? HTTPDownloadError.stalled(seconds: timeouts.stall) : HTTPDownloadError.noResponse(seconds: timeouts.connect)
    }

    // MARK: - Callbacks

    private static let onHeader: curl_write_callback = { buffer, size, count, me in
        let length = size * count
        guard let me, let buffer else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
        return transfer.header(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    private static let onBody: curl_write_callback = { buffer, size, count, me in
        let length = size * count
        guard let me else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
        guard length > 0, let buffer else { return length }
        return transfer.received(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    /// One header line (with its line break): a status line starts a response (an interim 1xx one is
    /// dropped when its blank line comes), the blank line ends the head. False stops the transfer.
    private func header(_ line: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        lastActivity = .now
        if headComplete { return true }  // trailers of a chunked body
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            status = parts.count > 1 ? Int(parts[1].prefix(3)) : nil
            headers = [:]
            return status != nil
        }
        let trimmed = text.trimmedWhitespace
        guard trimmed.isEmpty else {
            guard let colon = trimmed.firstIndex(of: ":") else { return true }
            let name = trimmed[..<colon].lowercased()
            let value = trimmed[trimmed.index(after: colon)...].trimmedWhitespace
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            return true
        }
        guard let status, !(100..<200).contains(status) else { return true }
        headComplete = true
        return headEnded(HTTPResponse(status: status, headers: headers))
    }

    /// The head is complete: a whole exchange refuses an announced body over the cap; a download asks for its
    /// writer.
    private func headEnded(_ head: HTTPResponse) -> Bool {
        switch mode {
        case .send:
            // (An encoded body's length: its decoded form is no smaller.)
            if let length = head.headers["content-length"].flatMap({ Int($0) }), length > HTTPResponse.maximumBodyBytes {
                failure = Self.tooLarge
                return false
            }
            return true
        case .download(_, let makeWriter):
            do {
                writer = try makeWriter(head)
                return true
            } catch {
                failure = error
                return false
            }
        }
    }

    /// Bytes of the body: to the writer, else collected up to the cap. False stops the transfer.
    private func received(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        lastActivity = .now
        if let writer {
            do {
                try writer.write(bytes)
                return true
            } catch {
                failure = error
                return false
            }
        }
        guard body.count + bytes.count <= HTTPResponse.maximumBodyBytes else {
            failure = Self.tooLarge
            body = Data()
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    static let tooLarge = DashSpendError.unreadableAnswer(
        "the answer is larger than \(HTTPResponse.maximumBodyBytes / 1_048_576) MiB")

    // MARK: - Errors

    /// A libcurl failure as the transport protocols say: a short reason, no URL.
    private func error(for code: CURLcode) -> any Error {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            if case .download(let timeouts, _) = mode {
                return headComplete
                    ? HTTPDownloadError.stalled(seconds: timeouts.stall) : HTTPDownloadError.noResponse(seconds: timeouts.connect)
            }
            return DashSpendError.timedOut(nil)
        case CURLE_COULDNT_CONNECT: return DashSpendError.network("connection refused")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return DashSpendError.network("host not found")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: return DashSpendError.network("connection lost")
        case CURLE_PARTIAL_FILE: return DashSpendError.network("the answer ended early")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return DashSpendError.network("bad server response")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return DashSpendError.network("TLS failure")
        default:
            return DashSpendError.network("transport failure (\(curl.message(code)))")
        }
    }
}

extension HTTPRequest {
    /// Whether sending the request twice has the effect of sending it once (RFC 9110 §9.2.2).
    var isIdempotentForCurl: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(method.uppercased())
    }
}
#endif
