#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body (possibly empty).
    public var body: Data

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The largest body a transport reads: 8 MiB, far above any provider answer. A larger one is
    /// ``DashSpendError/unreadableAnswer(_:)``.
    public static let maximumBodyBytes = 8 * 1_048_576

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
