import CSQLite
import DashSpend
import DashSpendCore
import DashSpendLocking
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Offer stores keep the last answer per provider and merchant", hangGuard(minutes: 2))
struct OfferCacheConformanceTests {
    /// The SQLite store, including a write that fails while another connection holds an exclusive lock.
    @Test func sqliteStoreConforms() async throws {
        let scratch = try ScratchDirectory(prefix: "kit-offers")
        let lastPath = Locked("")
        let suite = OfferCacheConformance(
            breakWrites: { _ in
                let lock = try SQLiteWriteLock(path: lastPath.withLock { $0 })
                return { try lock.release() }
            },
            makeCache: {
                let path = scratch.file(UUID().uuidString + ".sqlite")
                lastPath.withLock { $0 = path }
                return try SQLiteOfferCache(path: path)
            })
        let result = try await suite.run()
        #expect(result.passed)
        #expect(result.skipped.isEmpty)
    }

    @Test func inMemoryStoreConforms() async throws {
        let result = try await OfferCacheConformance(makeCache: { InMemoryOfferCache() }).run()
        #expect(result.passed)
        #expect(result.skipped == ["failed write keeps the old answer"])
    }

    /// The suite is not vacuous: a store that keeps the first answer it was given (an `INSERT OR IGNORE`)
    /// is caught by the replacement check, and only by it.
    @Test func storeThatKeepsTheFirstAnswerIsCaught() async throws {
        try await withKnownIssue("a store that never replaces an answer") {
            try await OfferCacheConformance(makeCache: { KeepFirstOfferCache() }).run()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("OfferCacheConformance: newer answer replaces older: ")
        }
    }

    /// A store whose failed save still changes the stored answer is caught by the failed-write check.
    @Test func storeThatLosesTheOldAnswerOnAFailedWriteIsCaught() async throws {
        try await withKnownIssue("a store that clears the answer before a write that fails") {
            try await OfferCacheConformance(
                breakWrites: { cache in
                    let store = try #require(cache as? ClearingOfferCache)
                    store.failing.withLock { $0 = true }
                    return { store.failing.withLock { $0 = false } }
                },
                makeCache: { ClearingOfferCache() }
            ).run()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("OfferCacheConformance: failed write keeps the old answer: ")
        }
    }
}

/// Holds an exclusive lock on a SQLite file from a second connection, so the store's writes fail (busy).
private final class SQLiteWriteLock: @unchecked Sendable {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
            sqlite3_exec(handle, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK
        else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            throw LockError(description: "cannot lock \(path): \(message)")
        }
    }

    func release() throws {
        defer { sqlite3_close(handle) }
        guard sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) == SQLITE_OK else {
            throw LockError(description: "cannot release the lock: \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    struct LockError: Error, CustomStringConvertible {
        let description: String
    }
}

/// A defective store: a second save for the same merchant is ignored.
private final class KeepFirstOfferCache: OfferCache {
    private let entries = Locked<[String: ProviderMerchantDetails]>([:])

    func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        entries.withLock { $0[provider.id + "/" + sourceId] }
    }

    func save(_ details: ProviderMerchantDetails) throws {
        entries.withLock { entries in
            let key = details.provider.id + "/" + details.sourceId
            if entries[key] == nil { entries[key] = details }
        }
    }
}

/// A defective store: a save removes the old answer first, then fails when writes are broken.
private final class ClearingOfferCache: OfferCache {
    let failing = Locked(false)
    private let entries = Locked<[String: ProviderMerchantDetails]>([:])

    func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        entries.withLock { $0[provider.id + "/" + sourceId] }
    }

    func save(_ details: ProviderMerchantDetails) throws {
        let key = details.provider.id + "/" + details.sourceId
        entries.withLock { _ = $0.removeValue(forKey: key) }
        if failing.withLock({ $0 }) { throw CancellationError() }
        entries.withLock { $0[key] = details }
    }
}
