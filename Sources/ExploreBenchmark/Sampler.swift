import DashSpendCore

/// Times two implementations of the same work against each other on the monotonic clock (`MonotonicClock`):
/// a warm-up, then rounds that run both sides, alternating which goes first so neither always runs on a
/// warmer cache, until the iteration count or the time budget is reached (whichever comes first, but never
/// fewer than `minimumIterations`).
struct Sampler {
    /// Rounds run and thrown away first.
    var warmUp = 3
    /// Most rounds.
    var maximumIterations: Int
    /// Fewest rounds, even over budget.
    var minimumIterations = 5
    /// Seconds to spend on one comparison (both sides) before stopping early.
    var budgetSeconds: Double

    /// Runs the comparison; each closure returns a value that is kept so the work cannot be optimised away.
    func compare(_ first: () throws -> Int, _ second: () throws -> Int) rethrows -> (Samples, Samples) {
        let clock = MonotonicClock()
        var sink = 0
        for _ in 0..<warmUp {
            sink &+= try first()
            sink &+= try second()
        }
        var a = Samples()
        var b = Samples()
        let start = clock.now
        var round = 0
        while round < maximumIterations {
            if round >= minimumIterations, (clock.now - start).milliseconds > budgetSeconds * 1000 { break }
            if round % 2 == 0 {
                a.append(try Self.time(clock, first, &sink))
                b.append(try Self.time(clock, second, &sink))
            } else {
                b.append(try Self.time(clock, second, &sink))
                a.append(try Self.time(clock, first, &sink))
            }
            round += 1
        }
        if sink == Int.min { print("") }  // keeps `sink` alive
        return (a, b)
    }

    private static func time(_ clock: MonotonicClock, _ body: () throws -> Int, _ sink: inout Int) rethrows -> Double {
        let start = clock.now
        sink &+= try body()
        return (clock.now - start).milliseconds
    }
}
