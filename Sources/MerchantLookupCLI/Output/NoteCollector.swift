import DashSpendLocking

/// Lines a run must say on stderr once, whatever its outcome (see ``MerchantLookup/Outcome/notes``).
final class NoteCollector: Sendable {
    private let collected = Locked<[String]>([])

    /// Adds `line`, unless it was already added.
    func add(_ line: String) {
        collected.withLock { if !$0.contains(line) { $0.append(line) } }
    }

    /// The lines, in the order they were added.
    var lines: [String] { collected.withLock { $0 } }
}
