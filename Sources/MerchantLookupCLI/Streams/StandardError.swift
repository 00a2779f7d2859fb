/// Standard error: the one way the tool writes to it. Written to at once (progress, warnings, prompts and
/// `-v` events appear while the command runs, before what it prints on stdout at its end). The executable's
/// writes to file descriptor 2; an in-process run (a test) passes its own writer.
public struct StandardError: Sendable {
    private let writer: @Sendable (String) -> Void
    /// Whether it is a terminal (then progress lines redraw in place).
    public let isTerminal: Bool

    /// Standard error written through `writer`, a terminal when `isTerminal`.
    public init(isTerminal: Bool, writer: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.writer = writer
    }

    /// The process's standard error (file descriptor 2); a write that fails is given up quietly (a closed
    /// terminal must not fail the command).
    public static var process: StandardError {
        StandardError(isTerminal: FileDescriptorOutput.isTerminal(2)) { _ = FileDescriptorOutput.write($0, to: 2) }
    }

    /// Writes `text` as it is.
    public func write(_ text: String) {
        writer(text)
    }

    /// Writes `merchant-lookup: ` and `line` (control characters escaped) and a newline.
    func writeLine(_ line: String) {
        write("merchant-lookup: " + TerminalText.sanitized(line, keepingNewlines: false) + "\n")
    }
}
