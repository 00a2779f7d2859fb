import DashSpendCore
import DashSpendHTTP
import DashSpendLocking

/// The URLSession transport, made on the first request: a client that never talks to a provider (a
/// search, an offline lookup) never starts a URL session.
final class OnDemandTransport: HTTPTransport, Sendable {
    private let transport = Locked<URLSessionTransport?>(nil)

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transport = self.transport.withLock { made in
            if let made { return made }
            let new = URLSessionTransport()
            made = new
            return new
        }
        return try await transport.send(request)
    }
}
