import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches live answers from providers: identical requests in flight at the same time share one network
/// call, and an answer younger than the time-to-live is reused instead of asking again (an in-memory
/// throttle only: the cache store, not this, is what callers fall back to).
actor LiveAnswerLoader {
    private struct Key: Hashable {
        let provider: GiftCardProvider
        let sourceId: String
    }

    private let timeToLive: Double
    private let now: @Sendable () -> Date
    private var inFlight: [Key: Task<ProviderMerchantDetails, any Error>] = [:]
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
        if let running = inFlight[key] {
            return try await running.value
        }
        let task = Task { try await repository.merchantDetails(sourceId: sourceId) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        let answer = try await task.value
        recent[key] = (answer, self.now())
        return answer
    }
}
