/// Keeps provider credentials, per provider and network.
///
/// ## Implementation requirements
/// - `save` replaces the stored value atomically: a crash mid-write leaves the previous value readable.
/// - Values written for one network are never returned for another.
/// - ``withExclusiveAccess(to:network:waitingAtMost:_:)`` excludes every other holder for the same provider
///   and network, in every process that shares the store; a token refresh reads, calls the provider and
///   saves inside it. The default implementation runs the body at once: enough for a store no other
///   process uses (each repository still refreshes one call at a time, and never writes over credentials
///   that changed while it refreshed), not for one that several processes share.
public protocol CredentialStore: Sendable {
    /// The stored credentials, or nil when there are none.
    func load(_ provider: GiftCardProvider, network: DashSpendNetwork) throws -> ProviderCredentials?
    /// Stores `credentials`, replacing what was there.
    func save(_ credentials: ProviderCredentials, for provider: GiftCardProvider, network: DashSpendNetwork) throws
    /// Removes what is stored.
    func delete(_ provider: GiftCardProvider, network: DashSpendNetwork) throws
    /// Runs `body` while no other holder of `provider`'s credentials on `network` runs its own, waiting at
    /// most `timeout` seconds for the others to finish (then throws without running `body`). The wait
    /// suspends the task; it never blocks a thread.
    func withExclusiveAccess<T>(
        to provider: GiftCardProvider, network: DashSpendNetwork, waitingAtMost timeout: Double,
        _ body: () async throws -> T
    ) async throws -> T
}

extension CredentialStore {
    /// Runs `body` at once: no exclusion across processes (see the protocol's implementation requirements).
    public func withExclusiveAccess<T>(
        to provider: GiftCardProvider, network: DashSpendNetwork, waitingAtMost timeout: Double,
        _ body: () async throws -> T
    ) async throws -> T {
        try await body()
    }
}
