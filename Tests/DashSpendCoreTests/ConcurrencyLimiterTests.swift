import DashSpendCore
import DashSpendLocking
import DashSpendTestSupport
import Testing

@Suite("At most N pieces of work run at once; waiters are served in order and may leave", hangGuard(minutes: 2))
struct ConcurrencyLimiterTests {
    @Test("Work beyond the limit waits, and the waiters start in the order they arrived")
    func firstComeFirstServed() async throws {
        let limiter = ConcurrencyLimiter(limit: 2)
        let gates = (0..<6).map { _ in Latch() }
        let started = Locked<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try await limiter.run {
                        started.withLock { $0.append(index) }
                        await gates[index].wait()
                    }
                }
                // Each caller is running or in line before the next one comes.
                try await waitUntil("caller \(index) runs or waits") {
                    limiter.running + limiter.waiting == index + 1
                }
            }
            #expect(started.withLock { $0 } == [0, 1])
            #expect(limiter.running == 2)
            #expect(limiter.waiting == 4)
            // Ending the second frees a place for the third, and for nobody else.
            await gates[1].open()
            try await waitUntil("the third starts") { started.withLock { $0 } == [0, 1, 2] }
            #expect(limiter.running == 2)
            for index in [0, 2, 3, 4, 5] { await gates[index].open() }
            try await group.waitForAll()
        }
        #expect(started.withLock { $0 } == [0, 1, 2, 3, 4, 5])
        #expect(limiter.running == 0)
        #expect(limiter.waiting == 0)
    }

    @Test("A waiter cancelled in line leaves it at once, never runs, and the one behind it takes the place")
    func cancelledWaiterLeaves() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let holder = Latch()
        let ran = Locked<[String]>([])
        let holding = Task {
            try await limiter.run {
                ran.withLock { $0.append("holder") }
                await holder.wait()
            }
        }
        try await waitUntil("the holder runs") { limiter.running == 1 }
        let cancelled = Task { try await limiter.run { ran.withLock { $0.append("cancelled") } } }
        try await waitUntil("the first waiter is in line") { limiter.waiting == 1 }
        let behind = Task { try await limiter.run { ran.withLock { $0.append("behind") } } }
        try await waitUntil("the second waiter is in line") { limiter.waiting == 2 }

        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(limiter.waiting == 1, "it left the line while the place was still taken")
        #expect(limiter.running == 1)

        await holder.open()
        try await holding.value
        try await behind.value
        #expect(ran.withLock { $0 } == ["holder", "behind"])
        #expect(limiter.running == 0)
        #expect(limiter.waiting == 0)
    }

    @Test("A caller already cancelled when all places are taken throws without waiting")
    func cancelledBeforeWaiting() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let holder = Latch()
        let holding = Task { try await limiter.run { await holder.wait() } }
        try await waitUntil("the holder runs") { limiter.running == 1 }
        let latecomer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await limiter.run { "ran" }
        }
        await #expect(throws: CancellationError.self) { try await latecomer.value }
        #expect(limiter.waiting == 0)
        await holder.open()
        try await holding.value
        #expect(try await limiter.run { "free again" } == "free again")
    }

    @Test("1,000 callers, a seeded third of them cancelled at random moments: never more than the limit, no place lost")
    func noLeakUnderCancellation() async throws {
        let limit = 4
        let limiter = ConcurrencyLimiter(limit: limit)
        let counter = Locked((now: 0, most: 0, finished: 0))
        var random = SplitMix64(seed: 0x11_2026)
        let plans = (0..<1_000).map { _ in (cancel: random.next() % 3 == 0, after: Int(random.next() % 3_000)) }
        await withTaskGroup(of: Void.self) { group in
            for plan in plans {
                let task = Task {
                    try await limiter.run {
                        counter.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await Task.yield()
                        counter.withLock {
                            $0.now -= 1
                            $0.finished += 1
                        }
                    }
                }
                group.addTask {
                    if plan.cancel {
                        try? await Task.sleep(seconds: Double(plan.after) / 1_000_000)
                        task.cancel()
                    }
                    _ = await task.result
                }
            }
        }
        let (now, most, finished) = counter.withLock { ($0.now, $0.most, $0.finished) }
        #expect(now == 0)
        #expect(most <= limit)
        #expect(finished >= 1_000 - plans.filter(\.cancel).count, "every caller that was not cancelled ran")
        #expect(limiter.running == 0, "every place came back")
        #expect(limiter.waiting == 0, "nobody is left in line")
        // All the places are there: `limit` holders run at the same time.
        let holders = Latch()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<limit { group.addTask { try await limiter.run { await holders.wait() } } }
            try await waitUntil("all \(limit) places are taken at once") { limiter.running == limit }
            await holders.open()
            try await group.waitForAll()
        }
    }
}

/// Holds every caller of ``wait()`` until ``open()``.
private actor Latch {
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
