import DashSpendLocking

/// Lets at most ``limit`` pieces of work run at the same time; the others wait their turn, first come first
/// served. The one place where the package bounds concurrent work (requests per provider).
///
/// - ``run(_:)`` takes a place (waiting for one when all are taken), runs the work and gives the place back,
///   whatever the work does.
/// - A caller cancelled while it waits leaves the queue at once and throws `CancellationError`: it never
///   takes a place and the callers behind it move up. One cancelled after it was given a place keeps it
///   until its work ends (the work may check for cancellation itself).
/// - A freed place goes to the longest waiting caller directly, so a newcomer never overtakes the queue.
package final class ConcurrencyLimiter: Sendable {
    private enum Ticket {
        /// In the queue, not suspended yet.
        case pending
        /// In the queue, suspended.
        case waiting(CheckedContinuation<Void, any Error>)
        /// Given a place before it suspended: it goes on without waiting.
        case granted
        /// Cancelled before it suspended: it throws without waiting.
        case cancelled
    }

    private struct State {
        var free: Int
        var queue: [UInt64] = []
        var tickets: [UInt64: Ticket] = [:]
        var nextId: UInt64 = 0
    }

    /// The most pieces of work that run at the same time.
    package let limit: Int
    private let state: Locked<State>

    /// Creates a limiter with `limit` places (at least 1).
    package init(limit: Int) {
        precondition(limit >= 1, "a limiter needs at least one place")
        self.limit = limit
        state = Locked(State(free: limit))
    }

    /// How many places are taken now.
    package var running: Int { state.withLock { limit - $0.free } }

    /// How many callers wait for a place now.
    package var waiting: Int { state.withLock { $0.queue.count } }

    /// Runs `work` in a place of its own, waiting for one first when all are taken.
    ///
    /// Throws `CancellationError` without running `work` when the caller is cancelled while it waits.
    package func run<Value>(
        isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> Value
    ) async throws -> Value {
        try await acquire()
        defer { release() }
        return try await work()
    }

    /// Takes a place, waiting in line for one when all are taken.
    private func acquire() async throws {
        let ticket: UInt64? = state.withLock { state in
            if state.free > 0 && state.queue.isEmpty {
                state.free -= 1
                return nil
            }
            let id = state.nextId
            state.nextId &+= 1
            state.queue.append(id)
            state.tickets[id] = .pending
            return id
        }
        guard let ticket else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    switch state.tickets[ticket] {
                    case .pending?:
                        state.tickets[ticket] = .waiting(continuation)
                        return nil
                    case .granted?:
                        state.tickets[ticket] = nil
                        return .success(())
                    case .cancelled?, .waiting?, nil:
                        state.tickets[ticket] = nil
                        return .failure(CancellationError())
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
                switch state.tickets[ticket] {
                case .pending?:
                    state.tickets[ticket] = .cancelled
                    state.queue.removeAll { $0 == ticket }
                    return nil
                case .waiting(let continuation)?:
                    state.tickets[ticket] = nil
                    state.queue.removeAll { $0 == ticket }
                    return continuation
                case .granted?, .cancelled?, nil:
                    return nil
                }
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a place back: to the first caller in line, else to the pool.
    private func release() {
        let next: CheckedContinuation<Void, any Error>? = state.withLock { state in
            while !state.queue.isEmpty {
                let ticket = state.queue.removeFirst()
                switch state.tickets[ticket] {
                case .waiting(let continuation)?:
                    state.tickets[ticket] = nil
                    return continuation
                case .pending?:
                    state.tickets[ticket] = .granted
                    return nil
                case .granted?, .cancelled?, nil:
                    continue
                }
            }
            state.free += 1
            return nil
        }
        next?.resume()
    }
}
