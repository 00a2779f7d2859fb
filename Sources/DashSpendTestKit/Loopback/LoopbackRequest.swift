package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One request received by ``LoopbackHTTPServer``.
package struct LoopbackRequest: Sendable, Hashable {
    /// `GET`, `POST`, ...
    package let method: String
    /// The path without the query, percent-encoding kept (`/ctx/merchants/abc`).
    package let path: String
    /// The query without the `?`, empty when there is none.
    package let query: String
    /// Header fields, names lowercased.
    package let headers: [String: String]
    /// The body (empty when none was sent).
    package let body: Data

    /// Creates a request record.
    package init(method: String, path: String, query: String, headers: [String: String], body: Data) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The decoded value of query item `name`, if present.
    package func queryItem(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first.map(String.init) == name {
                return parts.count > 1 ? Self.percentDecoded(String(parts[1])) : ""
            }
        }
        return nil
    }

    /// The body parsed as JSON, or nil.
    package var json: JSONValue? { try? JSONValue.parse(body) }

    /// The bearer token in `Authorization`, if any.
    package var bearerToken: String? {
        guard let value = headers["authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }

    package static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
