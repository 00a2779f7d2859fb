import DashSpend
package import DashSpendCore
import DashSpendLocking

/// An ``OfferCache`` in memory, for tests.
package final class InMemoryOfferCache: OfferCache {
    private let entries = Locked<[String: ProviderMerchantDetails]>([:])
    private let saves = Locked(0)

    /// Creates an empty cache.
    package init() {}

    /// The stored answer, if any.
    package func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        entries.withLock { $0[provider.id + "\u{0}" + sourceId] }
    }

    /// Stores the answer.
    package func save(_ details: ProviderMerchantDetails) {
        saves.withLock { $0 += 1 }
        entries.withLock { $0[details.provider.id + "\u{0}" + details.sourceId] = details }
    }

    /// How many answers were stored so far (the same answer twice counts twice).
    package var saveCount: Int { saves.withLock { $0 } }
}
