#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every provider client does the same way: JSON requests under the provider's base URL with the
/// configured time-out, sent through the configured transport, and a 2xx body read as JSON.
public struct ProviderHTTP: Sendable {
    /// The provider whose base URL is used.
    public let provider: GiftCardProvider
    /// Where the base URL, transport and time-out come from.
    public let configuration: RepositoryConfiguration
    /// Headers the provider adds to every request (e.g. CTX's `X-Client-Id`).
    public let extraHeaders: [String: String]

    /// Creates a client for `provider`.
    public init(provider: GiftCardProvider, configuration: RepositoryConfiguration, extraHeaders: [String: String] = [:]) {
        self.provider = provider
        self.configuration = configuration
        self.extraHeaders = extraHeaders
    }

    /// A JSON request for `segments` (each percent-encoded whole) under the provider's base URL.
    public func request(
        _ method: String, _ segments: [String], query: [(name: String, value: String)] = [],
        body: JSONValue? = nil, bearer: String? = nil
    ) -> HTTPRequest {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        headers.merge(extraHeaders) { _, extra in extra }
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        let url = configuration.baseURL(for: provider).appendingAPIPath(segments, query: query)
        return HTTPRequest(method: method, url: url, headers: headers, body: body?.encoded(), timeout: configuration.timeout)
    }

    /// Sends `request`; only transport failures throw (as ``DashSpendError/network(_:)`` or cancellation).
    /// Each exchange is reported to the configuration's diagnostics: method, URL without its query, the
    /// status or the failure, and the time it took.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let start = MonotonicClock.Instant.now
        let target = "\(request.method) \(request.url.redactedForDiagnostics)"
        func report(_ outcome: String) {
            let seconds = (MonotonicClock.Instant.now - start).seconds
            configuration.diagnostics.record(
                DiagnosticEvent(.request, "\(target) → \(outcome)", provider: provider, seconds: seconds))
        }
        do {
            let response = try await configuration.transport.send(request)
            report("\(response.status)")
            return response
        } catch DashSpendError.timedOut(nil) {
            report("timed out")
            throw DashSpendError.timedOut(provider)
        } catch let error as DashSpendError {
            report(error.description)
            throw error
        } catch is CancellationError {
            report("cancelled")
            throw CancellationError()
        } catch {
            report("transport failure")
            throw DashSpendError.network("transport failure")
        }
    }

    /// The JSON of `provider`'s 2xx response; otherwise the error `mapError` gives for the response.
    public static func json(
        from response: HTTPResponse, provider: GiftCardProvider, mapError: (HTTPResponse) -> DashSpendError
    ) throws -> JSONValue {
        guard response.isSuccess else { throw mapError(response) }
        // The answer fails as unreadable either way; the parser's position in it helps no one.
        guard let json = try? JSONValue.parse(response.body) else {
            throw DashSpendError.unreadableAnswer("\(provider.displayName) sent a body that is not JSON")
        }
        return json
    }
}
