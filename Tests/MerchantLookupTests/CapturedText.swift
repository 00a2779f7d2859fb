import DashSpendLocking

/// Text written from any thread, kept in order.
final class CapturedText: Sendable {
    private let collected = Locked("")

    /// Appends `piece`; always written.
    @discardableResult
    func append(_ piece: String) -> Bool {
        collected.withLock { $0 += piece }
        return true
    }

    /// Everything written so far.
    var text: String { collected.withLock { $0 } }
}
