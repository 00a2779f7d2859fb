/// A provider module's client: its ``ProviderHTTP``, with the configuration, requests and sends forwarded to
/// it, so each provider's client adds only what is its own (its error mapping, its login).
package protocol ProviderClient: Sendable {
    /// Builds and sends the provider's requests.
    var http: ProviderHTTP { get }
}

extension ProviderClient {
    /// Where the base URL, transport, credentials, clock and time-out come from.
    package var configuration: RepositoryConfiguration { http.configuration }

    /// A request for `segments` under the provider's base URL (see ``ProviderHTTP/request(_:_:query:body:bearer:)``).
    package func request(
        _ method: String, _ segments: [String], query: [(name: String, value: String)] = [],
        body: JSONValue? = nil, bearer: String? = nil
    ) -> HTTPRequest {
        http.request(method, segments, query: query, body: body, bearer: bearer)
    }

    /// Sends `request`; only transport failures throw (as ``DashSpendError/network(_:)`` or cancellation).
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await http.send(request)
    }
}
