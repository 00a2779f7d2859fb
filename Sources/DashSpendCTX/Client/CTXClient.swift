#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Builds CTX requests (JSON headers, `X-Client-Id`, bearer token, time-out) and sends them through the
/// configured transport. Knows nothing about stored credentials.
struct CTXClient: Sendable {
    let configuration: RepositoryConfiguration

    /// A request for `segments` under the CTX base URL.
    func request(
        _ method: String, _ segments: [String], query: [(name: String, value: String)] = [],
        body: JSONValue? = nil, bearer: String? = nil
    ) -> HTTPRequest {
        var headers = [
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Accept-Language": "en-US",
            "X-Client-Id": configuration.clientId,
        ]
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        let url = configuration.baseURL(for: .ctx).appendingAPIPath(segments, query: query)
        return HTTPRequest(method: method, url: url, headers: headers, body: body?.encoded(), timeout: configuration.timeout)
    }

    /// Sends `request`; only transport failures throw (as ``DashSpendError/network(_:)`` or cancellation).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await configuration.transport.send(request)
        } catch let error as DashSpendError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw DashSpendError.network("transport failure")
        }
    }

    /// Sends `request` and returns the 2xx body as JSON, else throws the mapped error.
    func sendJSON(_ request: HTTPRequest, call: CTXCall) async throws -> JSONValue {
        let response = try await send(request)
        return try Self.json(from: response, call: call)
    }

    /// The JSON of a 2xx response, else the mapped error.
    static func json(from response: HTTPResponse, call: CTXCall) throws -> JSONValue {
        guard response.isSuccess else { throw CTXErrorMapper.error(for: response, call: call) }
        guard let json = try? JSONValue.parse(response.body) else {
            throw DashSpendError.unreadableAnswer("CTX sent a body that is not JSON")
        }
        return json
    }
}
