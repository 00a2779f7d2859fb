import DashSpendCTX
import DashSpendCore
import DashSpendPiggyCards

/// Builds the repository of each provider compiled into this build from one configuration.
///
/// A value, not a singleton: callers (and tests) make their own with the configuration they need.
/// This is the one place that knows every provider's repository type.
public struct RepositoryFactory: Sendable {
    /// What every repository is built from.
    public let configuration: RepositoryConfiguration

    /// Creates a factory.
    public init(configuration: RepositoryConfiguration) {
        self.configuration = configuration
    }

    /// A new repository for `provider`.
    public func makeRepository(for provider: GiftCardProvider) -> any DashSpendRepository {
        switch provider {
        case .ctx:
            return CTXRepository(configuration: configuration)
        #if PIGGYCARDS_ENABLED
        case .piggyCards:
            return PiggyCardsRepository(configuration: configuration)
        #endif
        }
    }

    /// One repository per compiled-in provider.
    public func makeRepositories() -> [GiftCardProvider: any DashSpendRepository] {
        Dictionary(uniqueKeysWithValues: GiftCardProvider.allCases.map { ($0, makeRepository(for: $0)) })
    }
}
