import DashSpendLocking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work an exit must not cut off, counted: a CTX token refresh and the save of its rotated tokens (cut
/// between the two, the server has revoked the stored refresh token and the user is signed out).
///
/// One value is shared by everything a process runs (pass it in through
/// ``RepositoryConfiguration/criticalSections``); nothing here is global. A program that exits on a signal
/// calls ``close()`` first: it says how many sections are open, and from then on no new section starts
/// (``run(boundedBy:_:)`` throws `CancellationError` without running its body), so a refresh is either
/// finished and saved or never sent. It then waits with ``waitUntilNoneOpen()`` before exiting.
public final class CriticalSections: Sendable {
    private struct State {
        var open: [Int: MonotonicClock.Instant] = [:]
        var nextId = 0
        var closed = false
    }

    private let state = Locked(State())

    /// Creates a counter with nothing open.
    public init() {}

    /// How many sections are running now.
    public var openCount: Int { state.withLock { $0.open.count } }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Runs `body` as a critical section that should end within `bound` seconds (its own time-outs ensure
    /// it); ``waitUntilNoneOpen()`` waits for it at most that long. Throws `CancellationError` without
    /// running `body` once ``close()`` was called.
    public func run<T>(boundedBy bound: Double, _ body: () async throws -> T) async throws -> T {
        let id = try state.withLock { state -> Int in
            guard !state.closed else { throw CancellationError() }
            let id = state.nextId
            state.nextId += 1
            state.open[id] = MonotonicClock.Instant.now.advanced(bySeconds: bound)
            return id
        }
        defer { _ = state.withLock { $0.open.removeValue(forKey: id) } }
        return try await body()
    }

    /// Lets no new section start; returns how many are open at this moment.
    @discardableResult
    public func close() -> Int {
        state.withLock { state in
            state.closed = true
            return state.open.count
        }
    }

    /// Blocks the calling thread until no section is open, or until the latest bound of the open ones has
    /// passed; true when none is open. Call it from a thread of its own (a signal handler's queue), never
    /// from a task: it sleeps the thread in steps of 5 ms.
    @discardableResult
    public func waitUntilNoneOpen() -> Bool {
        while true {
            let (count, deadline) = state.withLock { ($0.open.count, $0.open.values.max()) }
            guard count > 0, let deadline else { return true }
            if MonotonicClock.Instant.now >= deadline { return false }
            usleep(5_000)
        }
    }
}
