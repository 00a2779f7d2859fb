import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches live answers from providers: identical requests in flight at the same time share one network
/// call (a ``SingleFlight`` keyed by provider and merchant), and an answer younger than the time-to-live is
/// reused instead of asking again (an in-memory throttle only: the cache store, not this, is what callers
/// fall back to).
actor LiveAnswerLoader {
    private struct Key: Hashable {
        let provider: GiftCardProvider
        let sourceId: String
    }

    private let timeToLive: Double
    private let now: @Sendable () -> Date
    private let loads = SingleFlight<Key, ProviderMerchantDetails>()
    /// Answers with the time this loader stored them (its own clock, whatever the repository's says).
    private var recent: [Key: (answer: ProviderMerchantDetails, storedAt: Date)] = [:]

    init(timeToLive: Double, now: @escaping @Sendable () -> Date) {
        self.timeToLive = timeToLive
        self.now = now
    }

    func details(from repository: any DashSpendRepository, sourceId: String) async throws -> ProviderMerchantDetails {
        let key = Key(provider: repository.provider, sourceId: sourceId)
        let now = self.now()
        recent = recent.filter { now.timeIntervalSince($0.value.storedAt) < timeToLive }
        if let entry = recent[key] { return entry.answer }
        return try await loads.run(key) {
            let answer = try await repository.merchantDetails(sourceId: sourceId)
            await self.remember(answer, for: key)
            return answer
        }
    }

    /// Keeps `answer` for the time-to-live, stamped with this loader's clock.
    private func remember(_ answer: ProviderMerchantDetails, for key: Key) {
        recent[key] = (answer, now())
    }
}
