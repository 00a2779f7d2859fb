import DashSpendCore
import DashSpendLocking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds the answers on a route until a test opens it (``LoopbackFault/hold(_:)``), and says when requests
/// have been handled: a test can then act while an answer is provably in flight (send a signal, log out),
/// instead of sleeping and hoping.
public final class LoopbackGate: Sendable, Hashable {
    private struct State {
        var arrived = 0
        var isOpen = false
    }

    private let state = Locked(State())
    /// The longest a request is held when nobody opens the gate, in seconds: a hang guard for a test that
    /// never opens it, far above the time a loaded machine may take to get from the arrival to ``open()``.
    public let limit: Double

    /// Creates a closed gate that holds each request at most `limit` seconds.
    public init(limit: Double = 300) {
        self.limit = limit
    }

    /// How many requests have been handled and held (or let through).
    public var arrived: Int { state.withLock { $0.arrived } }

    /// Lets every held request (and every later one) through.
    public func open() {
        state.withLock { $0.isOpen = true }
    }

    /// Waits (suspending, in steps of 5 ms) until `count` requests have arrived; false after `timeout` seconds
    /// (a hang guard: an arrival takes milliseconds, but on a loaded machine the task that sends the request can
    /// wait behind every other test's tasks for a minute and more).
    public func waitForArrivals(_ count: Int = 1, timeout: Double = 180) async throws -> Bool {
        let deadline = MonotonicClock.Instant.now.advanced(bySeconds: timeout)
        while arrived < count {
            if MonotonicClock.Instant.now >= deadline { return false }
            try await Task.sleep(seconds: 0.005)
        }
        return true
    }

    /// Called on the server's connection thread where a request is held (see ``LoopbackFault``): counts it and
    /// blocks until the gate opens, or ``limit`` passes.
    package func pass() {
        state.withLock { $0.arrived += 1 }
        let deadline = MonotonicClock.Instant.now.advanced(bySeconds: limit)
        while !state.withLock({ $0.isOpen }), MonotonicClock.Instant.now < deadline {
            usleep(2_000)
        }
    }

    /// Gates are equal only to themselves.
    public static func == (lhs: LoopbackGate, rhs: LoopbackGate) -> Bool { lhs === rhs }

    /// Hashes the gate's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
