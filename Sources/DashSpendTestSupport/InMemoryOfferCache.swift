import DashSpend
package import DashSpendCore
import Synchronization

/// An ``OfferCache`` in memory, for tests.
package final class InMemoryOfferCache: OfferCache {
    private let entries = Mutex<[String: ProviderMerchantDetails]>([:])

    /// Creates an empty cache.
    package init() {}

    /// The stored answer, if any.
    package func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        entries.withLock { $0[provider.id + "\u{0}" + sourceId] }
    }

    /// Stores the answer.
    package func save(_ details: ProviderMerchantDetails) {
        entries.withLock { $0[details.provider.id + "\u{0}" + details.sourceId] = details }
    }
}
