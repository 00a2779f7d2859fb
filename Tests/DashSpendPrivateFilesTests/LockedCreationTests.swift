import DashSpendCore
import DashSpendLocking
import DashSpendOrders
import DashSpendSQLite
import DashSpendState
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state and orders databases are created only by a process holding their lock file, because a process
/// that sets a damaged file aside renames the file and its sidecars one after the other under that lock: an
/// open that created the file in between would have its journal taken from under its commit
/// (`SQLITE_IOERR_DELETE_NOENT`, seen in CI) or, for the orders, write to a file the salvaged one then
/// replaces. Each test holds the lock as that other process would, with the file moved away, and puts a file
/// back in place before letting go: the open must wait and then use the file that is there.
@Suite("A missing state or orders file is created only by the process holding its lock", hangGuard(minutes: 2))
struct LockedCreationTests {
    let scratch: ScratchDirectory
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    init() throws {
        scratch = try ScratchDirectory(prefix: "locked-creation")
    }

    /// Runs `open` on another thread while this one holds `<path>.lock` with `path` moved aside; checks the
    /// open has not finished after a moment, puts the file back, lets go of the lock, and returns what the
    /// open returned.
    func openWhileMovedAside<Opened: Sendable>(
        _ path: String, _ open: @escaping @Sendable () throws -> Opened
    ) throws -> Opened {
        let lock = try LockFile.lock(path + ".lock")
        let aside = path + ".moving"
        #expect(rename(path, aside) == 0)
        let result = Locked<Result<Opened, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let outcome = Result { try open() }
            result.withLock { $0 = outcome }
            finished.signal()
        }
        // Holding the lock, nothing may be created at `path`: the open waits for the lock.
        let waited = finished.wait(timeout: .now() + 0.4) == .timedOut
        #expect(waited, "the open waited for the lock")
        #expect(access(path, F_OK) != 0, "no file was created while the lock was held elsewhere")
        #expect(rename(aside, path) == 0)
        close(lock)
        if waited { #expect(finished.wait(timeout: .now() + 60) == .success) }
        return try #require(result.withLock { $0 }).get()
    }

    @Test("An orders open waits while another process has the file moved aside, then keeps its orders in the file put back")
    func ordersWaitForTheLock() throws {
        let path = scratch.file("orders.db")
        let order = Order(
            id: "kept", provider: .ctx, providerOrderId: "ctx-kept", merchantId: "m", merchantName: "Shop",
            sourceId: "m", amount: 25, status: .unpaid, paymentURI: "dash:XyZ?amount=0.5", createdAt: now,
            updatedAt: now)
        try OrderStore(database: OrderDatabase(path: path, network: .mainnet, now: now)).insert(order)

        let now = self.now
        let opened = try openWhileMovedAside(path) { try OrderDatabase(path: path, network: .mainnet, now: now) }
        let store = OrderStore(database: opened)
        #expect(try store.order(id: "kept") == order, "it opened the file put back, not one of its own")
        var later = order
        later.id = "later"
        later.providerOrderId = "ctx-later"
        try store.insert(later)
        let reopened = OrderStore(database: try OrderDatabase(path: path, network: .mainnet, now: now))
        #expect(try reopened.all().map(\.id).sorted() == ["kept", "later"], "what it wrote is in the file")
    }

    @Test("A state open waits while another process has the file moved aside, then uses the file put back")
    func stateWaitsForTheLock() throws {
        let path = scratch.file("state.db")
        let answer = ProviderMerchantDetails(
            provider: .ctx, sourceId: "s", name: "Shop", enabled: true, discountBasisPoints: 150,
            denominationsType: .flexible, denominations: nil, fetchedAt: now)
        try SQLiteOfferCache(path: path).save(answer)

        let opened = try openWhileMovedAside(path) { try StateDatabase(path: path, network: .mainnet) }
        #expect(opened.recovery == nil)
        let cache = SQLiteOfferCache(database: opened)
        #expect(try cache.load(.ctx, sourceId: "s") == answer, "it opened the file put back, not one of its own")
        let second = ProviderMerchantDetails(
            provider: .ctx, sourceId: "t", name: "Other", enabled: false, discountBasisPoints: 0,
            denominationsType: .flexible, denominations: nil, fetchedAt: now)
        try cache.save(second)
        #expect(try SQLiteOfferCache(path: path).load(.ctx, sourceId: "t") == second, "what it wrote is in the file")
    }

    @Test("Opening a state file that is there and private writes nothing to it: its change time stays")
    func readyOpenWritesNothing() throws {
        let path = scratch.file("state.db")
        _ = try StateDatabase(path: path, network: .mainnet)
        func changeTime() throws -> Int {
            var info = stat()
            try #require(stat(path, &info) == 0)
            #if canImport(Darwin)
            return info.st_ctimespec.tv_sec * 1_000_000_000 + info.st_ctimespec.tv_nsec
            #else
            return info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
            #endif
        }
        let before = try changeTime()
        // Past the file system's clock step, so that a chmod would show as a new change time.
        usleep(30_000)
        let opened = try StateDatabase(path: path, network: .mainnet)
        #expect(opened.recovery == nil)
        #expect(try changeTime() == before, "the file was not chmod-ed")
        #expect(chmod(path, 0o640) == 0)
        _ = try StateDatabase(path: path, network: .mainnet)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o600, "a wider mode is set back to 0600")
    }

    @Test("A file that is there and up to date opens holding the lock shared: beside other readers, never beside a mover")
    func readyFileTakesTheLockShared() throws {
        let path = scratch.file("state.db")
        _ = try StateDatabase(path: path, network: .mainnet)
        func openOnAnotherThread() -> DispatchSemaphore {
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = try? StateDatabase(path: path, network: .mainnet)  // the waits below are what is checked
                finished.signal()
            }
            return finished
        }
        // Another reader holds it shared: the open goes on at once.
        let shared = try LockFile.lockShared(path + ".lock")
        #expect(openOnAnotherThread().wait(timeout: .now() + 60) == .success)
        close(shared)
        // A process that may be moving the file aside holds it exclusively: the open waits for it, because
        // SQLite would take the journal of a file created in its place for its own.
        let exclusive = try LockFile.lock(path + ".lock")
        let finished = openOnAnotherThread()
        let waited = finished.wait(timeout: .now() + 0.4) == .timedOut
        #expect(waited, "the open waited for the exclusive holder")
        close(exclusive)
        if waited { #expect(finished.wait(timeout: .now() + 60) == .success) }
    }
}
