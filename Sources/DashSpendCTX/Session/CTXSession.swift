import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Owns CTX token refresh: one refresh at a time, shared by every caller that needs it, in this process
/// and across processes that share the credential store.
///
/// - A caller whose token was rejected asks for a fresh one. If the stored token already differs from the
///   rejected one (another caller refreshed meanwhile), that token is returned without a refresh.
/// - Otherwise one unstructured task (a ``SingleFlight``), awaited by every concurrent caller, takes the
///   store's exclusive access
///   (``CredentialStore/withExclusiveAccess(to:network:waitingAtMost:_:)``: a `flock` for the file store),
///   reads the stored tokens again and calls `refresh-token` only if the stored access token is still the
///   rejected one; otherwise it returns what another process stored. Rotated tokens are saved even when the
///   caller that started it is cancelled.
/// - The call and the save run as one of the configuration's ``CriticalSections``: a program exiting on a
///   signal waits for them, so an interrupted command does not lose the rotated refresh token.
/// - Only a 401 from `refresh-token` signs the user out (tokens cleared, e-mail kept), and only when the
///   refresh token it refused is still the stored one; any other failure keeps the stored tokens and is
///   thrown to the callers.
/// - A refresh never writes over credentials that changed while it ran (see ``exchange(_:client:)``).
actor CTXSession {
    private let client: CTXClient
    private let refreshes = SingleFlight<GiftCardProvider, String>()

    init(client: CTXClient) {
        self.client = client
    }

    private var store: any CredentialStore { client.configuration.credentials }
    private var network: DashSpendNetwork { client.configuration.network }

    /// A token to use instead of `rejected` (or to replace it proactively).
    func token(replacing rejected: String) async throws -> String {
        if let refreshed = try await refreshes.joinRunning(.ctx) { return refreshed }
        if case .current(let token) = try Self.stored(store, network: network, rejected: rejected) { return token }
        let client = self.client
        return try await refreshes.run(.ctx) {
            try await Self.refresh(replacing: rejected, client: client)
        }
    }

    /// What the store holds instead of `rejected`.
    private enum Stored {
        /// An access token other than the rejected one: use it.
        case current(String)
        /// The rejected access token is still stored, with this refresh token.
        case rejected(refreshToken: String)
    }

    /// Reads the store: ``DashSpendError/signInRequired(_:)`` when no access token is stored,
    /// ``DashSpendError/unauthorized(_:)`` when the rejected one is stored without a refresh token.
    private static func stored(
        _ store: any CredentialStore, network: DashSpendNetwork, rejected: String
    ) throws -> Stored {
        guard let stored = try store.load(.ctx, network: network), let current = stored.accessToken,
            !current.isEmpty
        else { throw DashSpendError.signInRequired(.ctx) }
        if current != rejected { return .current(current) }
        guard let refreshToken = stored.refreshToken, !refreshToken.isEmpty else {
            throw DashSpendError.unauthorized(.ctx)
        }
        return .rejected(refreshToken: refreshToken)
    }

    /// Under the store's exclusive access: the stored access token if it is no longer `rejected` (another
    /// process refreshed while this one waited), else the result of ``exchange(_:client:)`` run as a
    /// critical section. The wait for the access is bounded by the request time-out plus five seconds (the
    /// holder sends one request and saves); so is the critical section.
    private static func refresh(replacing rejected: String, client: CTXClient) async throws -> String {
        let configuration = client.configuration
        let store = configuration.credentials
        let network = configuration.network
        let bound = configuration.timeout + 5
        return try await store.withExclusiveAccess(to: .ctx, network: network, waitingAtMost: bound) {
            switch try stored(store, network: network, rejected: rejected) {
            case .current(let token):
                return token
            case .rejected(let refreshToken):
                return try await configuration.criticalSections.run(boundedBy: bound) {
                    try await exchange(refreshToken, client: client)
                }
            }
        }
    }

    /// Calls `refresh-token` and stores the result; runs to completion whatever happens to the callers.
    ///
    /// The store is read again before anything is written, and written only while it still holds the
    /// refresh token that was used: nothing stored (a logout meanwhile) writes nothing and throws
    /// ``DashSpendError/signInRequired(_:)``; another refresh token (another repository or process rotated
    /// it, or signed in again) is kept, and its access token is used, even when this refresh got a 401.
    private static func exchange(_ refreshToken: String, client: CTXClient) async throws -> String {
        let store = client.configuration.credentials
        let network = client.configuration.network
        let request = client.request("POST", ["refresh-token"], body: .object(["refreshToken": .string(refreshToken)]))
        let response = try await client.send(request)
        let json: JSONValue?
        if response.status == 401 {
            json = nil
        } else {
            json = try CTXClient.json(from: response, call: .refreshToken)
        }
        guard var current = try store.load(.ctx, network: network) else { throw DashSpendError.signInRequired(.ctx) }
        guard current.refreshToken == refreshToken else {
            if let token = current.accessToken, !token.isEmpty { return token }
            throw DashSpendError.signInRequired(.ctx)
        }
        guard let json else {
            current.accessToken = nil
            current.refreshToken = nil
            current.refreshTokenIssuedAt = nil
            try store.save(current, for: .ctx, network: network)
            throw DashSpendError.unauthorized(.ctx)
        }
        guard let accessToken = json["accessToken"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("CTX refreshed without an access token")
        }
        current.accessToken = accessToken
        if let rotated = json["refreshToken"]?.nonBlankString {
            current.refreshToken = rotated
            current.refreshTokenIssuedAt = client.configuration.now()
        }
        try store.save(current, for: .ctx, network: network)
        return accessToken
    }
}
