package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// What ``LoopbackHTTPServer`` sends back for one request.
package struct LoopbackResponse: Sendable, Hashable {
    /// The status code.
    package var status: Int
    /// Extra header fields (`Content-Length` and `Connection` are added by the server).
    package var headers: [String: String]
    /// The body.
    package var body: Data

    /// Creates a response.
    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from text.
    package static func json(_ text: String, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A JSON response from bytes.
    package static func json(_ data: Data, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// A JSON response from a ``JSONValue``.
    package static func json(_ value: JSONValue, status: Int = 200) -> LoopbackResponse {
        json(value.encoded(), status: status)
    }

    /// `404 Not Found` with a CTX-style error body.
    package static let notFound = LoopbackResponse.json(#"{"errors":[{"message":"Not found"}]}"#, status: 404)
}
