import DashSpendCTX
public import DashSpendCore
package import DashSpendLocking
import DashSpendPiggyCards

/// Builds the repository of each provider compiled into this build from one configuration.
///
/// A value, not a singleton: callers (and tests) make their own with the configuration they need.
/// This is the one place that knows every provider's repository type.
public struct RepositoryFactory: Sendable {
    /// What every repository is built from.
    public let configuration: RepositoryConfiguration
    /// How many providers this factory has made, per provider (for the test that a client makes each once).
    package let made: Locked<[GiftCardProvider: Int]>

    /// Creates a factory.
    public init(configuration: RepositoryConfiguration) {
        self.configuration = configuration
        made = Locked([:])
    }

    /// A new repository for `provider`.
    public func makeRepository(for provider: GiftCardProvider) -> any DashSpendRepository {
        makeProvider(provider).repository
    }

    /// One repository per compiled-in provider.
    public func makeRepositories() -> [GiftCardProvider: any DashSpendRepository] {
        Dictionary(uniqueKeysWithValues: GiftCardProvider.allCases.map { ($0, makeRepository(for: $0)) })
    }

    /// `provider`'s registration: its repository and, typed, the same instance's purchasing side and rates.
    func makeProvider(_ provider: GiftCardProvider) -> RegisteredProvider {
        made.withLock { $0[provider, default: 0] += 1 }
        switch provider {
        case .ctx:
            let repository = CTXRepository(configuration: configuration)
            return RegisteredProvider(repository: repository, purchaser: repository)
        #if PIGGYCARDS_ENABLED
        case .piggyCards:
            let repository = PiggyCardsRepository(configuration: configuration)
            return RegisteredProvider(repository: repository, purchaser: repository, rates: repository)
        #endif
        }
    }

    /// One registration per compiled-in provider.
    func makeProviders() -> [GiftCardProvider: RegisteredProvider] {
        Dictionary(uniqueKeysWithValues: GiftCardProvider.allCases.map { ($0, makeProvider($0)) })
    }
}
