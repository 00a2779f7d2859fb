package import DashSpendCore
import DashSpendLocking

/// Credentials kept in memory, for tests. Counts saves so tests can see what a repository wrote.
package final class InMemoryCredentialStore: CredentialStore {
    private struct Key: Hashable {
        let provider: GiftCardProvider
        let network: DashSpendNetwork
    }

    private let values = Locked<[Key: ProviderCredentials]>([:])
    private let saves = Locked(0)

    /// Creates an empty store.
    package init() {}

    /// The stored credentials, or nil.
    package func load(_ provider: GiftCardProvider, network: DashSpendNetwork) throws -> ProviderCredentials? {
        values.withLock { $0[Key(provider: provider, network: network)] }
    }

    /// Stores `credentials`.
    package func save(_ credentials: ProviderCredentials, for provider: GiftCardProvider, network: DashSpendNetwork) throws {
        values.withLock { $0[Key(provider: provider, network: network)] = credentials }
        saves.withLock { $0 += 1 }
    }

    /// Removes what is stored.
    package func delete(_ provider: GiftCardProvider, network: DashSpendNetwork) throws {
        values.withLock { $0[Key(provider: provider, network: network)] = nil }
    }

    /// How many times ``save(_:for:network:)`` was called.
    package var saveCount: Int { saves.withLock { $0 } }
}
