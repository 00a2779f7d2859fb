import DashSpendCore
import DashSpendLocking
import DashSpendSetup
import Foundation
import Testing

@testable import DashSpendMerchants

/// The one freshness rule offers and exchange rates share, and the one rule for which failure to report,
/// as pure functions; the services' use of them is `FreshnessPolicyTests` and `ExchangeRateTests`.
@Suite("Live or stored: ask or skip, write through, read back, fall back; the failure that says most")
struct LiveOrStoredTests {
    struct Refused: Error, Equatable {}

    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func skipped(_ policy: FetchPolicy, storedAgo age: Double?) -> LiveOrStored.Outcome<Int, Refused>? {
        LiveOrStored.skipped(policy, defaultMaxAge: 30, storedAt: age.map { now.addingTimeInterval(-$0) }, now: now)
    }

    @Test("Offline never asks; cache first skips a stored value younger than its max age, and only that")
    func askOrSkip() {
        guard case .offline = skipped(.cacheOnly, storedAgo: nil) else { Issue.record("cache only asks"); return }
        guard case .fresh(let age, let maxAge) = skipped(.cacheFirst(), storedAgo: 12) else {
            Issue.record("a 12 s old value under the default 30 s is not fresh")
            return
        }
        #expect(age == 12 && maxAge == 30)
        #expect(skipped(.cacheFirst(), storedAgo: 30) == nil, "as old as the max age: asked")
        #expect(skipped(.cacheFirst(), storedAgo: -5) == nil, "from the future: asked")
        #expect(skipped(.cacheFirst(maxAge: 0), storedAgo: 0) == nil, "max age 0 always asks")
        #expect(skipped(.cacheFirst(maxAge: 100), storedAgo: 50) != nil)
        #expect(skipped(.cacheFirst(), storedAgo: nil) == nil, "nothing stored: asked")
        #expect(skipped(.networkFirst, storedAgo: 1) == nil && skipped(.networkOnly, storedAgo: 1) == nil)
    }

    @Test("An answer is written through when it arrives and read back; a failure is the outcome, nothing written")
    func writeThroughAndReadBack() async {
        let written = Locked<[Int]>([])
        let answered: LiveOrStored.Outcome<Int, Refused> = await LiveOrStored.fetch(
            .networkFirst, defaultMaxAge: 30, storedAt: now, now: now,
            writeThrough: { value in written.withLock { $0.append(value) } }, readBack: { $0 + 1000 }
        ) { (arrived) async throws(Refused) in
            arrived(7)
            return 7
        }
        guard case .answered(let value) = answered else { Issue.record("\(answered)"); return }
        #expect(value == 1007, "what the caller gets is what the store gives back")
        #expect(written.withLock { $0 } == [7])

        let unread: LiveOrStored.Outcome<Int, Refused> = await LiveOrStored.ask(
            writeThrough: { _ in }, readBack: { _ in nil }
        ) { (_) async throws(Refused) in 8 }
        guard case .answered(8) = unread else { Issue.record("not held by the store: as it arrived"); return }

        let failed: LiveOrStored.Outcome<Int, Refused> = await LiveOrStored.ask(
            writeThrough: { value in written.withLock { $0.append(value) } }, readBack: { $0 }
        ) { (_) async throws(Refused) in throw Refused() }
        guard case .failed(Refused()) = failed else { Issue.record("\(failed)"); return }
        #expect(written.withLock { $0 } == [7])
    }

    @Test("The failure to report: the first that is not a missing sign-in, else the first")
    func failureChoice() {
        let signIn = DashSpendError.signInRequired(.ctx)
        let down = DashSpendError.serverError(status: 503, message: "down")
        let items: [(String, DashSpendError?)] = [("a", nil), ("b", signIn), ("c", down), ("d", .network("x"))]
        #expect(FailureChoice.mostTelling(items, failure: \.1)?.0 == "c")
        #expect(FailureChoice.mostTelling(Array(items.prefix(2)), failure: \.1)?.0 == "b")
        #expect(FailureChoice.mostTelling([("a", nil as DashSpendError?)], failure: \.1) == nil)
    }
}
