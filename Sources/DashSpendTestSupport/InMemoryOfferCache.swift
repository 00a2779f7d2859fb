import DashSpend
package import DashSpendCore
import Synchronization

/// An ``OfferCache`` in memory, for tests.
package final class InMemoryOfferCache: OfferCache {
    private let entries = Mutex<[String: ProviderMerchantDetails]>([:])
    private let saves = Atomic<Int>(0)

    /// Creates an empty cache.
    package init() {}

    /// The stored answer, if any.
    package func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        entries.withLock { $0[provider.id + "\u{0}" + sourceId] }
    }

    /// Stores the answer.
    package func save(_ details: ProviderMerchantDetails) {
        saves.add(1, ordering: .relaxed)
        entries.withLock { $0[details.provider.id + "\u{0}" + details.sourceId] = details }
    }

    /// How many answers were stored so far (the same answer twice counts twice).
    package var saveCount: Int { saves.load(ordering: .relaxed) }
}
