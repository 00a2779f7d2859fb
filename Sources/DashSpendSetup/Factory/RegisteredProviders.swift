package import DashSpendCore
import DashSpendLocking

/// The compiled-in providers of one client, made by its ``RepositoryFactory`` on first use and then shared by
/// every service: one repository per provider and client, so a session refreshed by one call serves the next.
package final class RegisteredProviders: Sendable {
    /// Where every provider is made.
    package let factory: RepositoryFactory
    /// Whether the client never asks the network (then no repository is asked for live answers).
    private let offline: Bool
    private let registered = Locked<[GiftCardProvider: RegisteredProvider]?>(nil)

    /// The providers `factory` makes, for a client that is `offline` or not; none is made yet.
    package init(factory: RepositoryFactory, offline: Bool) {
        self.factory = factory
        self.offline = offline
    }

    /// Every compiled-in provider's registration, made on the first call.
    package func all() -> [GiftCardProvider: RegisteredProvider] {
        registered.withLock { made in
            if let made { return made }
            let providers = factory.makeProviders()
            made = providers
            return providers
        }
    }

    /// `provider`'s registration.
    package subscript(provider: GiftCardProvider) -> RegisteredProvider {
        guard let registered = all()[provider] else {
            preconditionFailure("every compiled-in provider is registered")
        }
        return registered
    }

    /// The repositories live answers are asked from: none offline.
    package func liveRepositories() -> [GiftCardProvider: any DashSpendRepository] {
        offline ? [:] : all().mapValues(\.repository)
    }
}
