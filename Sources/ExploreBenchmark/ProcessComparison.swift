import DashSpendCore

/// Two commands timed as whole processes against each other: one launch of each first (not timed), then
/// rounds that launch both, alternating which goes first, until `spawns` rounds or `budgetSeconds` (never fewer
/// than 3 rounds). Medians are what the tables show.
struct ProcessComparison {
    /// One side: the program, its arguments, its standard input.
    struct Command {
        let path: String
        let arguments: [String]
        var stdin = "/dev/null"
    }

    let spawns: Int
    let budgetSeconds: Double

    /// Wall times (milliseconds) of `first` and `second`, one pair per round.
    func run(_ first: Command, _ second: Command) -> (Samples, Samples) {
        func launch(_ command: Command) -> Double {
            ProcessRunner.run(command.path, command.arguments, stdin: command.stdin).milliseconds
        }
        _ = launch(first)
        _ = launch(second)
        var a = Samples()
        var b = Samples()
        let clock = MonotonicClock()
        let start = clock.now
        while a.count < spawns, a.count < 3 || (clock.now - start).milliseconds < budgetSeconds * 1000 {
            if a.count % 2 == 0 {
                a.append(launch(first))
                b.append(launch(second))
            } else {
                b.append(launch(second))
                a.append(launch(first))
            }
        }
        return (a, b)
    }
}
