import DashSpendCore
import DashSpendTestSupport
import Testing

@Suite("The monotonic clock and the sleep that work on iOS 15 and macOS 12", hangGuard(minutes: 2))
struct MonotonicClockTests {
    @Test("Instants never go back, and the elapsed time between them is their difference")
    func instants() {
        let first = MonotonicClock.Instant.now
        let second = MonotonicClock().now
        #expect(second >= first)
        #expect((second - first).nanoseconds == second.nanoseconds - first.nanoseconds)
        #expect((first - second).nanoseconds == 0, "an earlier instant minus a later one is no time, not a trap")
    }

    @Test("Advancing by seconds: whole nanoseconds, nothing for negative or NaN, capped far in the future")
    func advancing() {
        let start = MonotonicClock.Instant(nanoseconds: 1_000)
        #expect(start.advanced(bySeconds: 1.5).nanoseconds == 1_500_001_000)
        #expect(start.advanced(bySeconds: 0.000_000_000_5).nanoseconds == 1_000, "less than a nanosecond is none")
        #expect(start.advanced(bySeconds: -3) == start)
        #expect(start.advanced(bySeconds: .nan) == start)
        let far = start.advanced(bySeconds: .infinity)
        #expect(far.nanoseconds == 1_000 + 30 * 365 * 86_400 * 1_000_000_000)
        #expect((far - start).seconds == 30 * 365 * 86_400)
        #expect(MonotonicClock.Elapsed(nanoseconds: 2_500_000).milliseconds == 2.5)
    }

    @Test("Task.sleep(seconds:) waits at least that long, and a cancelled sleep throws")
    func sleeping() async throws {
        let start = MonotonicClock.Instant.now
        try await Task.sleep(seconds: 0.05)
        #expect((MonotonicClock.Instant.now - start).seconds >= 0.05)
        try await Task.sleep(seconds: -1)
        try await Task.sleep(seconds: .nan)
        let sleeper = Task { try await Task.sleep(seconds: 600) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
