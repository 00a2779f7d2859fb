#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Owns the PiggyCards access token: logs in again (user id + stored password) when the token has expired
/// or has less than five minutes left, or when the server rejected it. One login at a time, shared by
/// every concurrent caller; it runs in an unstructured task so its token is saved even if callers cancel.
///
/// The new token is written only if the store still holds the user id and password the login used: a
/// logout (nothing stored) meanwhile writes nothing and throws ``DashSpendError/signInRequired(_:)``, and a
/// different sign-in meanwhile is kept (its token is used when it has one).
actor PiggyCardsSession {
    /// Re-login when less than this many seconds remain.
    static let renewalMargin: TimeInterval = 300

    private let client: PiggyCardsClient
    private var loggingIn: Task<String, any Error>?

    init(client: PiggyCardsClient) {
        self.client = client
    }

    /// A token valid for at least five more minutes; `rejected` is one the server refused.
    func validToken(rejected: String? = nil) async throws -> String {
        if let loggingIn { return try await loggingIn.value }
        let configuration = client.configuration
        guard let stored = try configuration.credentials.load(.piggyCards, network: configuration.network),
            let userId = stored.userId, let password = stored.password, !password.isEmpty
        else { throw DashSpendError.signInRequired(.piggyCards) }
        if let token = stored.accessToken, !token.isEmpty, token != rejected,
            let expiresAt = stored.accessTokenExpiresAt,
            expiresAt.timeIntervalSince(configuration.now()) >= Self.renewalMargin
        {
            return token
        }
        let client = self.client
        let task = Task<String, any Error> {
            let (token, expiresAt) = try await client.logIn(userId: userId, password: password, call: .relogin)
            guard var updated = try configuration.credentials.load(.piggyCards, network: configuration.network)
            else { throw DashSpendError.signInRequired(.piggyCards) }
            guard updated.userId == userId, updated.password == password else {
                if let current = updated.accessToken, !current.isEmpty { return current }
                throw DashSpendError.signInRequired(.piggyCards)
            }
            updated.accessToken = token
            updated.accessTokenExpiresAt = expiresAt
            try configuration.credentials.save(updated, for: .piggyCards, network: configuration.network)
            return token
        }
        loggingIn = task
        defer { if loggingIn == task { loggingIn = nil } }
        return try await task.value
    }
}
#endif
