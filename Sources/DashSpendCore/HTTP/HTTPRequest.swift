#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
}
