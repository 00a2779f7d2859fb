import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds CTX requests (JSON headers, `X-Client-Id`, bearer token, time-out) and sends them through the
/// configured transport. Knows nothing about stored credentials.
struct CTXClient: ProviderClient {
    let http: ProviderHTTP

    init(configuration: RepositoryConfiguration) {
        http = ProviderHTTP(
            provider: .ctx, configuration: configuration,
            extraHeaders: ["Accept-Language": "en-US", "X-Client-Id": configuration.clientId])
    }

    /// Sends `request` and returns the 2xx body as JSON, else throws the mapped error.
    func sendJSON(_ request: HTTPRequest, call: CTXCall) async throws -> JSONValue {
        let response = try await send(request)
        return try Self.json(from: response, call: call)
    }

    /// The JSON of a 2xx response, else the mapped error.
    static func json(from response: HTTPResponse, call: CTXCall) throws -> JSONValue {
        try ProviderHTTP.json(from: response, provider: .ctx) { CTXErrorMapper.error(for: $0, call: call) }
    }
}
