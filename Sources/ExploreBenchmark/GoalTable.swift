/// Issue 20's table: each figure of ours beside its reference (the `sqlite3` shell, `curl -o`), measured in the
/// same run, with the goal it is held to. Filled by the sections as they run, printed at the end.
struct GoalTable {
    private var table = TextTable(["what", "ours", "reference", "ratio", "goal", "ok?"])
    /// How many rows missed their goal.
    private(set) var missed = 0
    /// The correctness checks that failed (a process that exited non-zero or printed nothing, two sides that
    /// disagree): a run with any is no measurement, and the benchmark exits non-zero after its tables.
    private(set) var failedChecks: [String] = []

    /// Records a failed check unless `passed`, printing it at once.
    mutating func check(_ passed: Bool, _ failure: @autoclosure () -> String) {
        guard !passed else { return }
        let line = failure()
        print("check failed: \(line)")
        failedChecks.append(line)
    }

    /// A time of ours against the reference's (medians, in milliseconds); the goal is a ratio at most `goal`.
    mutating func time(_ what: String, ours: Double, reference: Double, referenceName: String, goal: Double) {
        let ratio = ours / reference
        let ok = ratio <= goal
        if !ok { missed += 1 }
        table.add([
            what, TextTable.milliseconds(ours), "\(referenceName): \(TextTable.milliseconds(reference))", TextTable.ratio(ratio),
            "<= \(TextTable.ratio(goal))", ok ? "ok" : "MISSED",
        ])
    }

    /// A time of ours (milliseconds) held to an absolute bound, beside the reference's for scale.
    mutating func within(_ what: String, ours: Double, reference: Double, referenceName: String, limitMilliseconds: Double) {
        let ok = ours <= limitMilliseconds
        if !ok { missed += 1 }
        table.add([
            what, TextTable.milliseconds(ours), "\(referenceName): \(TextTable.milliseconds(reference))",
            TextTable.ratio(ours / reference), "<= \(TextTable.number(limitMilliseconds, 0)) ms", ok ? "ok" : "MISSED",
        ])
    }

    /// A peak resident memory of ours against the reference's (KiB); the goal is at most `goalMiB`.
    mutating func memory(_ what: String, oursKiB: Int, referenceKiB: Int, referenceName: String, goalMiB: Double) {
        let ours = Double(oursKiB) / 1024
        let ok = oursKiB > 0 && ours <= goalMiB
        if !ok { missed += 1 }
        table.add([
            what, TextTable.number(ours, 1) + " MiB", "\(referenceName): \(TextTable.number(Double(referenceKiB) / 1024, 1)) MiB",
            "", "<= \(TextTable.number(goalMiB, 0)) MiB", ok ? "ok" : "MISSED",
        ])
    }

    /// The table, or nil when nothing was measured.
    var rendered: String? { table.rows.isEmpty ? nil : table.rendered }
}
