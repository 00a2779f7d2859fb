#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Owns the PiggyCards access token: logs in again (user id + stored password) when the token has expired
/// or has less than five minutes left, or when the server rejected it. One login at a time, shared by
/// every concurrent caller (a ``SingleFlight``); it runs in an unstructured task so its token is saved even
/// if callers cancel.
/// The login runs under the store's exclusive access
/// (``CredentialStore/withExclusiveAccess(to:network:waitingAtMost:_:)``), after reading the store again:
/// when another process logged in meanwhile, its token is used and no second login is sent.
///
/// The new token is written only if the store still holds the user id and password the login used: a
/// logout (nothing stored) meanwhile writes nothing and throws ``DashSpendError/signInRequired(_:)``, and a
/// different sign-in meanwhile is kept (its token is used when it has one).
actor PiggyCardsSession {
    /// Re-login when less than this many seconds remain.
    static let renewalMargin: TimeInterval = 300

    private let client: PiggyCardsClient
    private let logins = SingleFlight<GiftCardProvider, String>()

    init(client: PiggyCardsClient) {
        self.client = client
    }

    /// A token valid for at least five more minutes; `rejected` is one the server refused.
    func validToken(rejected: String? = nil) async throws -> String {
        if let token = try await logins.joinRunning(.piggyCards) { return token }
        let configuration = client.configuration
        guard let stored = try configuration.credentials.load(.piggyCards, network: configuration.network),
            stored.userId != nil, !(stored.password ?? "").isEmpty
        else { throw DashSpendError.signInRequired(.piggyCards) }
        if let token = Self.usable(stored, rejected: rejected, now: configuration.now()) { return token }
        let client = self.client
        return try await logins.run(.piggyCards) {
            let bound = configuration.timeout + 5
            return try await configuration.credentials.withExclusiveAccess(
                to: .piggyCards, network: configuration.network, waitingAtMost: bound
            ) {
                guard let stored = try configuration.credentials.load(.piggyCards, network: configuration.network),
                    let userId = stored.userId, let password = stored.password, !password.isEmpty
                else { throw DashSpendError.signInRequired(.piggyCards) }
                if let token = Self.usable(stored, rejected: rejected, now: configuration.now()) { return token }
                return try await Self.logIn(userId: userId, password: password, client: client)
            }
        }
    }

    /// The stored token when it is not `rejected` and has at least ``renewalMargin`` left.
    private static func usable(_ stored: ProviderCredentials, rejected: String?, now: Date) -> String? {
        guard let token = stored.accessToken, !token.isEmpty, token != rejected,
            let expiresAt = stored.accessTokenExpiresAt, expiresAt.timeIntervalSince(now) >= renewalMargin
        else { return nil }
        return token
    }

    /// Logs in and stores the token, only if the store still holds the user id and password used.
    private static func logIn(userId: String, password: String, client: PiggyCardsClient) async throws -> String {
        let configuration = client.configuration
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
}
#endif
