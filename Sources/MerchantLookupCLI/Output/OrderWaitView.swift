import DashSpend
import DashSpendLocking

/// How `order ID --wait` shows, on stderr, the order it follows.
///
/// On a terminal (``Style/redrawing``) one line, redrawn in place (`\r`, the line, "erase to the end of the
/// line"), with the order's status and how long the wait has lasted: `order ID: unpaid, waiting 1 min 05 s`,
/// redrawn on each answer and on each ``tick(elapsed:)``; an ask that failed is written on a line of its own
/// (`merchant-lookup: order ID: ...`) and the status line goes on under it; at the end the line is drawn a last
/// time (`order ID: fulfilled after 1 min 05 s`) and ended with a newline, so what follows starts on a line
/// of its own. Elsewhere (``Style/lines``: a pipe, a log) a line per status answered that differs from the one
/// before (`merchant-lookup: order ID: paid`) and one per failed ask. ``Style/silent`` (`--quiet`, `--json`)
/// writes nothing.
final class OrderWaitView: Sendable {
    /// How to show the wait.
    enum Style: Sendable {
        case redrawing, lines, silent
    }

    private let style: Style
    private let label: String
    private let output: @Sendable (String) -> Void
    private let state = Locked<State>(State())

    private struct State {
        /// The status shown (on a terminal: the one redrawn).
        var status: OrderStatus?
        /// The last line was drawn: nothing more is written.
        var finished = false
    }

    /// A view of the order `orderId` that writes with `output` (standard error in the tool); `status` is the
    /// order's status as kept, before any answer.
    init(style: Style, orderId: String, status: OrderStatus?, output: @escaping @Sendable (String) -> Void) {
        self.style = style
        label = "order " + TerminalText.sanitized(orderId, keepingNewlines: false)
        self.output = output
        // Elsewhere the first answer is said whatever was kept, then each change.
        if style == .redrawing { state.withLock { $0.status = status } }
    }

    /// The wait has begun: on a terminal, the status line as kept.
    func start() {
        guard style == .redrawing else { return }
        draw(elapsed: 0) { _ in }
    }

    /// The provider answered with `status`, `elapsed` seconds into the wait.
    func answered(_ status: OrderStatus, elapsed: Double) {
        switch style {
        case .silent:
            return
        case .lines:
            let changed = state.withLock { state -> Bool in
                defer { state.status = status }
                return state.status != status
            }
            if changed { output(Self.prefixed("\(label): \(status.rawValue)")) }
        case .redrawing:
            draw(elapsed: elapsed) { $0.status = status }
        }
    }

    /// An ask failed with `message`, `elapsed` seconds into the wait (the wait goes on).
    func failed(_ message: String, elapsed: Double) {
        switch style {
        case .silent:
            return
        case .lines:
            output(Self.prefixed("\(label): \(message)"))
        case .redrawing:
            let line = "\r" + Self.prefixed("\(label): \(message)").dropLast() + SyncProgressView.eraseToEnd + "\n"
            draw(elapsed: elapsed, before: line) { _ in }
        }
    }

    /// Time passed with no answer: on a terminal, the line redrawn with the time waited.
    func tick(elapsed: Double) {
        guard style == .redrawing else { return }
        draw(elapsed: elapsed) { _ in }
    }

    /// The wait ended after `elapsed` seconds: on a terminal, the line drawn a last time and ended.
    func finish(elapsed: Double) {
        guard style == .redrawing else { return }
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            output("\r" + Self.finishedLine(label, status: state.status, elapsed: elapsed) + SyncProgressView.eraseToEnd + "\n")
        }
    }

    /// Applies `change`, then writes `before` and the status line, under the lock: a tick and an answer never
    /// interleave their lines, and nothing is drawn after the last line.
    private func draw(elapsed: Double, before: String = "", _ change: (inout State) -> Void) {
        state.withLock { state in
            guard !state.finished else { return }
            change(&state)
            output(before + "\r" + Self.runningLine(label, status: state.status, elapsed: elapsed) + SyncProgressView.eraseToEnd)
        }
    }

    /// `order ID: unpaid, waiting 12 s`.
    static func runningLine(_ label: String, status: OrderStatus?, elapsed: Double) -> String {
        "\(label): \(status?.rawValue ?? "asking"), waiting \(waited(elapsed))"
    }

    /// `order ID: fulfilled after 1 min 05 s`.
    static func finishedLine(_ label: String, status: OrderStatus?, elapsed: Double) -> String {
        "\(label): \(status?.rawValue ?? "no answer") after \(waited(elapsed))"
    }

    /// Whole seconds waited, rounded down: `0 s`, `59 s`, `1 min 05 s`, `30 min 00 s`.
    static func waited(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(max(0, seconds)) : 0
        if whole < 60 { return "\(whole) s" }
        let rest = whole % 60
        return "\(whole / 60) min \(rest < 10 ? "0" : "")\(rest) s"
    }

    /// `merchant-lookup: ` and `line` (control characters escaped) and a newline, as every stderr line.
    private static func prefixed(_ line: String) -> String {
        "merchant-lookup: " + TerminalText.sanitized(line, keepingNewlines: false) + "\n"
    }
}
