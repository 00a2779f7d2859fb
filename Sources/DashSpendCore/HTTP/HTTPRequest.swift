#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One HTTP request, independent of the library that sends it.
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields; names are compared case-insensitively by servers.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// How long to wait for the whole exchange, in seconds.
    public var timeout: Double

    /// Creates a request. The default timeout is the wallets' 20 seconds.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Double = 20) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// Whether sending the request twice has the effect of sending it once (RFC 9110 §9.2.2: `GET`, `HEAD`,
    /// `PUT`, `DELETE`, `OPTIONS`, `TRACE`; any case). A request that is not (a `POST`: an order) must never be
    /// sent again by a transport, not even after the connection it went out on failed before an answer.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(method.uppercased())
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The headers with the `Authorization` value (any case) replaced by `<redacted>`.
    private var redactedHeaders: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            result[name] = name.lowercased() == "authorization" ? "<redacted>" : value
        }
        return result
    }

    /// The method, URL, header names and body size; never the `Authorization` value or the body.
    public var description: String {
        let names = redactedHeaders.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return
            "HTTPRequest(\(method) \(url.absoluteString), headers: [\(names)], body: \(body?.count ?? 0) bytes, timeout: \(timeout))"
    }

    /// Same as ``description``: secrets never appear in logs.
    public var debugDescription: String { description }

    /// What `dump` and `String(reflecting:)` show: the same redacted fields as ``description``.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": url.absoluteString, "headers": redactedHeaders,
                "bodyBytes": body?.count ?? 0, "timeout": timeout,
            ],
            displayStyle: .struct)
    }
}
