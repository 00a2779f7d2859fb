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
/// between the two, the server has revoked the stored refresh token and the user is signed out), and a
/// gift-card order in flight with the save of the provider's answer (cut between the two, the order exists
/// and its payment is lost). A section may leave a note for the exit to say once it has ended (which order
/// it was, and where it stands).
///
/// One value is shared by everything a process runs (pass it in through
/// ``RepositoryConfiguration/criticalSections``); nothing here is global. A program that exits on a signal
/// calls ``close()`` first: it says how many sections are open, and from then on no new section starts
/// (`run(boundedBy:_:)` throws `CancellationError` without running its body), so a refresh is either
/// finished and saved or never sent. It then waits with ``waitUntilNoneOpen()`` before exiting.
public final class CriticalSections: Sendable {
    private struct Section {
        var deadline: MonotonicClock.Instant
        var purpose: String
        var note: (@Sendable () -> InterruptionNote?)?
    }

    private struct State {
        var open: [Int: Section] = [:]
        var nextId = 0
        var closed = false
        /// The notes of the sections open when ``close()`` was called.
        var interrupted: [@Sendable () -> InterruptionNote?] = []
        /// Runs once, before the first section opens (``beforeFirstSection(_:)``).
        var beforeFirst: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    /// Creates a counter with nothing open.
    public init() {}

    /// How many sections are running now.
    public var openCount: Int { state.withLock { $0.open.count } }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// What the open sections are doing, for a line such as `waiting for the order in flight`.
    public var openPurposes: [String] { state.withLock { $0.open.sorted { $0.key < $1.key }.map(\.value.purpose) } }

    /// Runs `body` as a critical section that should end within `bound` seconds (its own time-outs ensure it);
    /// ``waitUntilNoneOpen()`` waits for it at most that long. Throws `CancellationError` without running
    /// `body` once ``close()`` was called.
    ///
    /// - Parameters:
    ///   - purpose: what it does, for the line an exit says while it waits (`the order in flight`).
    ///   - note: what to say once the exit has waited for it, evaluated then (nil: nothing).
    public func run<T>(
        boundedBy bound: Double, purpose: String = "the sign-in refresh in flight",
        note: (@Sendable () -> InterruptionNote?)? = nil, _ body: () async throws -> T
    ) async throws -> T {
        let id = try state.withLock { state -> Int in
            guard !state.closed else { throw CancellationError() }
            if let prepare = state.beforeFirst {
                // Under the lock: no other section can open before it has returned.
                state.beforeFirst = nil
                prepare()
            }
            let id = state.nextId
            state.nextId += 1
            state.open[id] = Section(
                deadline: MonotonicClock.Instant.now.advanced(bySeconds: bound), purpose: purpose, note: note)
            return id
        }
        defer { _ = state.withLock { $0.open.removeValue(forKey: id) } }
        return try await body()
    }

    /// Has `prepare` run once, before the first section opens, while no other section can open; it must not
    /// use this value. A program that exits on signals starts its waiting exit here, where it is first needed,
    /// so a command that never opens a section never starts it (see the CLI's `SignalExit`).
    package func beforeFirstSection(_ prepare: @escaping @Sendable () -> Void) {
        state.withLock { $0.beforeFirst = prepare }
    }

    /// Lets no new section start; returns how many are open at this moment (their notes are kept for
    /// ``interruptionNotes()``).
    @discardableResult
    public func close() -> Int {
        state.withLock { state in
            if !state.closed {
                state.interrupted = state.open.sorted { $0.key < $1.key }.compactMap(\.value.note)
            }
            state.closed = true
            return state.open.count
        }
    }

    /// What the sections open when ``close()`` was called have to say, evaluated now (after
    /// ``waitUntilNoneOpen()``, they say how they ended).
    public func interruptionNotes() -> [InterruptionNote] {
        state.withLock { $0.interrupted }.compactMap { $0() }
    }

    /// Blocks the calling thread until no section is open, or until the latest bound of the open ones has
    /// passed; true when none is open. Call it from a thread of its own (a signal handler's queue), never
    /// from a task: it sleeps the thread in steps of 5 ms.
    @discardableResult
    public func waitUntilNoneOpen() -> Bool {
        while true {
            let (count, deadline) = state.withLock { ($0.open.count, $0.open.values.map(\.deadline).max()) }
            guard count > 0, let deadline else { return true }
            if MonotonicClock.Instant.now >= deadline { return false }
            usleep(5_000)
        }
    }
}

/// What a critical section cut short by an exit leaves to say: one line, and the order it concerns.
public struct InterruptionNote: Sendable, Hashable {
    /// One line: what became of the work (never a secret).
    public let message: String
    /// The local id of the order it concerns, when it concerns one.
    public let orderId: String?

    /// Creates a note.
    public init(message: String, orderId: String? = nil) {
        self.message = message
        self.orderId = orderId
    }
}
