/// Runs a piece of work once for every caller that asks for it while it runs: the one place where the
/// package deduplicates concurrent identical work (live merchant answers, CTX token refreshes, PiggyCards
/// logins).
///
/// - ``run(_:_:)`` with a key whose work is running waits for that work and returns its value or throws
///   its error; otherwise it starts `work` under the key.
/// - The work runs in an unstructured task: a cancelled caller does not cancel it, and still waits for its
///   end, so what the work saves (rotated tokens) is saved whatever happens to the callers.
/// - Nothing is remembered once the work ends: its key is released before any caller resumes, so a
///   failure is shared only by the callers that were waiting for it and the next call runs the work again.
package actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private var running: [Key: (id: UInt64, task: Task<Value, any Error>, callers: Int)] = [:]
    private var nextId: UInt64 = 0

    /// Creates a single-flight with nothing running.
    package init() {}

    /// The value of the work running under `key`, or of `work` started now when none runs.
    package func run(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = join(key) { return try await task.value }
        let id = nextId
        nextId &+= 1
        let task = Task<Value, any Error> {
            defer { self.end(key, id: id) }
            return try await work()
        }
        running[key] = (id, task, 1)
        return try await task.value
    }

    /// The value of the work running under `key`, or nil when none runs (nothing is started). For callers
    /// that join a running piece of work before checking whether they need to start one.
    package func joinRunning(_ key: Key) async throws -> Value? {
        guard let task = join(key) else { return nil }
        return try await task.value
    }

    /// How many callers wait for the work running under `key` (the one that started it included, and those
    /// cancelled since, who wait all the same); 0 when none runs.
    package func callers(of key: Key) -> Int {
        running[key]?.callers ?? 0
    }

    /// The task running under `key`, counting one more caller; nil when none runs.
    private func join(_ key: Key) -> Task<Value, any Error>? {
        running[key]?.callers += 1
        return running[key]?.task
    }

    private func end(_ key: Key, id: UInt64) {
        if running[key]?.id == id { running[key] = nil }
    }
}
