import DashSpend
import DashSpendLocking

/// How `sync` shows its stages on stderr.
///
/// On a terminal (``Style/redrawing``) each stage has one line that is redrawn in place (`\r`, then the
/// line, then "erase to the end of the line") as the work goes on: bytes done of the total, the rate and
/// the time left for the stages that move bytes, the time so far for the others; at most ten redraws a
/// second. When the stage ends the line is drawn a last time with the stage's time and ended with a
/// newline. Elsewhere (``Style/lines``: a pipe, a file) only that last line is written, one per stage.
/// ``Style/silent`` (`--quiet`, `--json`) writes nothing.
final class SyncProgressView: Sendable {
    /// How to show progress.
    enum Style: Sendable {
        case redrawing, lines, silent
    }

    private let style: Style
    private let output: @Sendable (String) -> Void
    /// The least time between two redraws of a running stage, in seconds.
    private let interval: Double
    private let state = Locked<State>(State())

    private struct State {
        var stage: SyncStage?
        var lastDraw: Double = -1
        var drawn = false
    }

    /// A view writing with `output` (standard error in the tool).
    init(style: Style, interval: Double = 0.1, output: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.interval = interval
        self.output = output
    }

    /// The handler to give the library.
    var handler: SyncProgressHandler {
        { [self] report in self.show(report) }
    }

    /// Shows one report.
    func show(_ report: SyncProgress) {
        switch style {
        case .silent:
            return
        case .lines:
            if report.isFinished { output(Self.finishedLine(report) + "\n") }
        case .redrawing:
            let text: String? = state.withLock { state in
                if report.isFinished {
                    state = State()
                    return "\r" + Self.finishedLine(report) + Self.eraseToEnd + "\n"
                }
                if state.stage != report.stage {
                    state.stage = report.stage
                    state.lastDraw = -1
                }
                guard state.lastDraw < 0 || report.elapsed - state.lastDraw >= interval else { return nil }
                state.lastDraw = report.elapsed
                state.drawn = true
                return "\r" + Self.runningLine(report) + Self.eraseToEnd
            }
            if let text { output(text) }
        }
    }

    /// Ends a line left unfinished (the sync failed during its stage), so the error that follows starts on
    /// a line of its own; does nothing when every line drawn was finished.
    func endLine() {
        let unfinished = state.withLock { state in
            defer { state = State() }
            return state.drawn
        }
        if unfinished { output("\n") }
    }

    /// ANSI "erase to the end of the line", so a shorter line leaves nothing of the longer one before it.
    static let eraseToEnd = "\u{1B}[K"

    /// A stage at work: `decrypt+inflate  12.0 MB of 70.0 MB  17%  45.2 MB/s  1 s left`, or
    /// `verify  0.8 s`.
    static func runningLine(_ report: SyncProgress) -> String {
        let label = OutputFormat.pad(report.stage.label, labelWidth)
        guard report.stage.countsBytes else { return label + "  " + seconds(report.elapsed) }
        var parts = [label, bytes(report.bytesDone) + (report.bytesTotal.map { " of " + bytes($0) } ?? "")]
        if let total = report.bytesTotal, total > 0 {
            parts.append("\(min(100, report.bytesDone * 100 / total))%")
        }
        let rate = report.elapsed > 0 ? Double(report.bytesDone) / report.elapsed : 0
        if rate > 0 {
            parts.append(bytes(Int(rate)) + "/s")
            if let total = report.bytesTotal, total >= report.bytesDone {
                parts.append(seconds(Double(total - report.bytesDone) / rate, rounded: true) + " left")
            }
        }
        return parts.joined(separator: "  ")
    }

    /// A stage that ended: `decrypt+inflate  70.0 MB in 1.52 s (46.1 MB/s)`, or `verify  done in 0.31 s`.
    static func finishedLine(_ report: SyncProgress) -> String {
        let label = OutputFormat.pad(report.stage.label, labelWidth)
        guard report.stage.countsBytes else { return label + "  done in " + seconds(report.elapsed) }
        let rate = report.elapsed > 0 ? " (" + bytes(Int(Double(report.bytesDone) / report.elapsed)) + "/s)" : ""
        return label + "  " + bytes(report.bytesDone) + " in " + seconds(report.elapsed) + rate
    }

    /// The width of the widest stage label, so the columns line up.
    static let labelWidth = SyncStage.allCases.map(\.label.count).max() ?? 0

    /// Bytes in decimal units: `512 B`, `12.3 kB`, `70.0 MB`, `1.20 GB`.
    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value < 1000 { return "\(count) B" }
        if value < 1_000_000 { return decimal(value / 1000, digits: 1) + " kB" }
        if value < 1_000_000_000 { return decimal(value / 1_000_000, digits: 1) + " MB" }
        return decimal(value / 1_000_000_000, digits: 2) + " GB"
    }

    /// Seconds: `0.31 s`, `12.4 s`, `3 min 05 s`; whole seconds (`4 s`) when `rounded`.
    static func seconds(_ value: Double, rounded: Bool = false) -> String {
        let value = value.isFinite ? max(0, value) : 0
        if value >= 60 {
            let whole = Int(value.rounded())
            let rest = whole % 60
            return "\(whole / 60) min \(rest < 10 ? "0" : "")\(rest) s"
        }
        if rounded { return "\(Int(value.rounded(.up))) s" }
        return decimal(value, digits: value < 10 ? 2 : 1) + " s"
    }

    /// `value` with `digits` (1 or 2) decimals, rounded half up: `1.5`, `0.07`.
    private static func decimal(_ value: Double, digits: Int) -> String {
        let scale = digits == 1 ? 10 : 100
        let scaled = Int((value * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
