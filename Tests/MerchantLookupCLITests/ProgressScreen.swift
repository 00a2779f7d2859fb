import DashSpendLocking

/// What a progress view wrote, in order: the stderr of the views' tests.
final class ProgressScreen: Sendable {
    let writes = Locked<[String]>([])
    /// The writer to give the view.
    var output: @Sendable (String) -> Void { { [self] text in writes.withLock { $0.append(text) } } }
    /// Everything written, joined.
    var text: String { writes.withLock { $0.joined() } }
    /// How many writes there were.
    var count: Int { writes.withLock { $0.count } }
}
