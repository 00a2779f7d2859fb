import DashSpendCore
import DashSpendLocking

/// The one wrapper around a caller's ``SyncProgressHandler`` during a sync: it passes every report on, keeps
/// the finished stages for the ``SyncReport``, turns the downloader's byte counts into
/// ``SyncStage/download`` reports (timed from the relay's creation), ends the download stage with a
/// finished report when the import's first report arrives, and tells the diagnostics each stage that ended.
final class SyncProgressRelay: Sendable {
    private struct State {
        var finished: [SyncProgress] = []
        /// The last download report, until the import's first report ends the download.
        var download: (received: Int, total: Int?, ended: Bool)?
    }

    private let handler: SyncProgressHandler?
    private let diagnostics: any DiagnosticsSink
    private let state = Locked(State())
    private let clock = MonotonicClock()
    private let started: MonotonicClock.Instant

    /// A relay to `handler` (nil: reports are only kept), each stage that ended said to `diagnostics`.
    init(_ handler: SyncProgressHandler?, diagnostics: any DiagnosticsSink = SilentDiagnostics()) {
        self.handler = handler
        self.diagnostics = diagnostics
        started = clock.now
    }

    /// The stages that finished, in order.
    var finishedStages: [SyncProgress] { state.withLock { $0.finished } }

    /// Takes an import's report (ending a download first, when one ran).
    func report(_ report: SyncProgress) {
        let ended = state.withLock { state -> SyncProgress? in
            guard let last = state.download, !last.ended else { return nil }
            state.download?.ended = true
            return SyncProgress(
                stage: .download, bytesDone: last.received, bytesTotal: last.total, elapsed: elapsed, isFinished: true)
        }
        if let ended { pass(ended) }
        pass(report)
    }

    /// Takes the downloader's byte counts: `received` bytes of the object on disk, of `total`.
    func download(received: Int, total: Int?) {
        state.withLock { $0.download = (received, total, false) }
        pass(SyncProgress(stage: .download, bytesDone: received, bytesTotal: total, elapsed: elapsed))
    }

    private func pass(_ report: SyncProgress) {
        if report.isFinished {
            state.withLock { $0.finished.append(report) }
            let bytes = report.stage.countsBytes ? ": \(report.bytesDone) bytes" : ""
            diagnostics.record(DiagnosticEvent(.note, "sync stage \(report.stage.label) done\(bytes)", seconds: report.elapsed))
        }
        handler?(report)
    }

    /// Seconds since the relay was made.
    private var elapsed: Double {
        (clock.now - started).seconds
    }
}
