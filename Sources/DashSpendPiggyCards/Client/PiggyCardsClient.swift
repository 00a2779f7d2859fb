#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Builds PiggyCards requests (JSON headers, bearer token, time-out) and sends them through the configured
/// transport. Knows nothing about stored credentials.
struct PiggyCardsClient: ProviderClient {
    let http: ProviderHTTP

    init(configuration: RepositoryConfiguration) {
        http = ProviderHTTP(provider: .piggyCards, configuration: configuration)
    }

    /// The JSON of a 2xx response, else the mapped error.
    static func json(from response: HTTPResponse, call: PiggyCardsCall) throws -> JSONValue {
        try ProviderHTTP.json(from: response, provider: .piggyCards) { PiggyCardsErrorMapper.error(for: $0, call: call) }
    }

    /// POST `login` with the user id and generated password; returns the token and its expiry. `call` is
    /// ``PiggyCardsCall/login`` during a sign-in and ``PiggyCardsCall/relogin`` for a renewal.
    func logIn(userId: String, password: String, call: PiggyCardsCall) async throws -> (token: String, expiresAt: Date) {
        let request = request("POST", ["login"], body: .object(["userId": .string(userId), "password": .string(password)]))
        let json = try Self.json(from: try await send(request), call: call)
        guard let token = json["access_token"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("PiggyCards logged in without an access token")
        }
        let lifetime = json["expires_in"]?.int.flatMap { $0 > 0 ? $0 : nil } ?? 3600
        return (token, configuration.now().addingTimeInterval(TimeInterval(lifetime)))
    }
}
#endif
