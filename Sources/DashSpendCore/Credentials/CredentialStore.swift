/// Keeps provider credentials, per provider and network.
///
/// ## Implementation requirements
/// - `save` replaces the stored value atomically: a crash mid-write leaves the previous value readable.
/// - Values written for one network are never returned for another.
public protocol CredentialStore: Sendable {
    /// The stored credentials, or nil when there are none.
    func load(_ provider: GiftCardProvider, network: DashSpendNetwork) throws -> ProviderCredentials?
    /// Stores `credentials`, replacing what was there.
    func save(_ credentials: ProviderCredentials, for provider: GiftCardProvider, network: DashSpendNetwork) throws
    /// Removes what is stored.
    func delete(_ provider: GiftCardProvider, network: DashSpendNetwork) throws
}
