import DashSpendCore
import DashSpendTestSupport
import Testing

@Suite("Concurrent identical work runs once for all its callers", hangGuard(minutes: 3))
struct SingleFlightTests {
    @Test("Eight concurrent callers of one key share one execution and its value")
    func oneExecutionForOneKey() async throws {
        let flight = SingleFlight<String, Int>()
        let gate = Gate()
        let log = ExecutionLog()
        let callers = 8
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    try await flight.run("merchant-1") {
                        let number = await log.record("merchant-1")
                        await gate.wait()
                        return 100 + number
                    }
                }
            }
            try await waitUntil { await flight.callers(of: "merchant-1") == callers }
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 101, count: callers))
        #expect(await log.keys == ["merchant-1"])
        #expect(await flight.callers(of: "merchant-1") == 0)
    }

    @Test("Different keys run separately, at the same time")
    func differentKeys() async throws {
        let flight = SingleFlight<String, String>()
        let gate = Gate()
        let log = ExecutionLog()
        async let first = flight.run("ctx") {
            _ = await log.record("ctx")
            await gate.wait()
            return "ctx answer"
        }
        async let second = flight.run("piggycards") {
            _ = await log.record("piggycards")
            await gate.wait()
            return "piggycards answer"
        }
        // Both are running before either may finish: neither waits for the other.
        try await waitUntil { await log.keys.count == 2 }
        #expect(await flight.callers(of: "ctx") == 1)
        #expect(await flight.callers(of: "piggycards") == 1)
        await gate.open()
        #expect(try await first == "ctx answer")
        #expect(try await second == "piggycards answer")
        #expect(await log.keys.sorted() == ["ctx", "piggycards"])
    }

    @Test("A failure reaches every waiting caller; the next call runs the work again")
    func sharedFailure() async throws {
        let flight = SingleFlight<Int, String>()
        let gate = Gate()
        let log = ExecutionLog()
        let work: @Sendable () async throws -> String = {
            let number = await log.record("refresh")
            await gate.wait()
            if number == 1 { throw Refused(execution: number) }
            return "token \(number)"
        }
        let errors = try await withThrowingTaskGroup(of: Refused?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do {
                        _ = try await flight.run(7, work)
                        return nil
                    } catch {
                        return error as? Refused
                    }
                }
            }
            try await waitUntil { await flight.callers(of: 7) == 4 }
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(errors == Array(repeating: Refused(execution: 1), count: 4))
        #expect(await flight.callers(of: 7) == 0)
        #expect(try await flight.run(7, work) == "token 2")
        #expect(await log.keys == ["refresh", "refresh"])
    }

    @Test("A cancelled caller does not cancel the shared work, and still gets its value")
    func cancelledCaller() async throws {
        let flight = SingleFlight<String, String>()
        let gate = Gate()
        let log = ExecutionLog()
        let sawCancellation = Flag()
        let work: @Sendable () async throws -> String = {
            _ = await log.record("refresh")
            await gate.wait()
            if Task.isCancelled { await sawCancellation.set() }
            return "rotated"
        }
        let starter = Task { try await flight.run("refresh", work) }
        try await waitUntil { await flight.callers(of: "refresh") == 1 }
        starter.cancel()
        let joiner = Task { try await flight.run("refresh", work) }
        try await waitUntil { await flight.callers(of: "refresh") == 2 }
        await gate.open()
        #expect(try await starter.value == "rotated")
        #expect(try await joiner.value == "rotated")
        #expect(await sawCancellation.isSet == false)
        #expect(await log.keys == ["refresh"])
    }

    @Test("Joining when nothing runs starts nothing; joining running work waits for its value")
    func joinRunning() async throws {
        let flight = SingleFlight<String, String>()
        let gate = Gate()
        #expect(try await flight.joinRunning("login") == nil)
        #expect(await flight.callers(of: "login") == 0)
        let starter = Task {
            try await flight.run("login") {
                await gate.wait()
                return "token"
            }
        }
        try await waitUntil { await flight.callers(of: "login") == 1 }
        async let joined = flight.joinRunning("login")
        try await waitUntil { await flight.callers(of: "login") == 2 }
        await gate.open()
        #expect(try await joined == "token")
        #expect(try await starter.value == "token")
        #expect(try await flight.joinRunning("login") == nil)
    }
}

/// Polls `condition` until it holds; records an issue and returns (so the test opens its gate and ends)
/// when it still does not after 90 seconds (a hang guard: a loaded machine can hold a task off its thread for
/// tens of seconds).
private func waitUntil(
    _ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let deadline = MonotonicClock.Instant.now.advanced(bySeconds: 90)
    while await !condition() {
        guard MonotonicClock.Instant.now < deadline else {
            Issue.record("the condition never held", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(seconds: 0.001)
    }
}

/// Holds every caller of ``wait()`` until ``open()``.
private actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// The keys of the executions that ran, in order.
private actor ExecutionLog {
    private(set) var keys: [String] = []

    /// Records one execution; returns how many ran so far (this one included).
    func record(_ key: String) -> Int {
        keys.append(key)
        return keys.count
    }
}

private actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}

private struct Refused: Error, Equatable {
    let execution: Int
}
