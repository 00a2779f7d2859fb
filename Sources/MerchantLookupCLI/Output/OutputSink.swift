import DashSpendLocking

/// Where a command that prints as it goes (a batch `show`) writes each piece as soon as it is ready:
/// through the writer the executable gives (its standard output, unbuffered, so a script reading the pipe
/// sees every line when it is written), or, without one, collected for the ``MerchantLookup/Outcome``.
final class OutputSink: Sendable {
    private let writer: (@Sendable (String) -> Bool)?
    private let collected = Locked("")

    /// A sink that writes through `writer` (false from it: the output could not be written), or collects
    /// when there is none.
    init(writer: (@Sendable (String) -> Bool)? = nil) {
        self.writer = writer
    }

    /// Writes `text` now; a writer that fails is an ``ExitCode/outputFailed`` error.
    func write(_ text: String) throws(CLIError) {
        guard let writer else {
            collected.withLock { $0 += text }
            return
        }
        guard writer(text) else { throw CLIError("the output could not be written", code: .outputFailed) }
    }

    /// What was collected (empty when written through a writer).
    var text: String { collected.withLock { $0 } }
}
