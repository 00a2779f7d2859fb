import DashSpendCore

/// Times one stage of an import and reports it to the caller's ``SyncProgressHandler`` (if any): once when
/// it starts, as it goes, and once when it ends.
struct StageReporter {
    let stage: SyncStage
    let handler: SyncProgressHandler?
    let total: Int?
    private let start: MonotonicClock.Instant

    /// Starts `stage` (reported with 0 bytes done).
    init(_ stage: SyncStage, total: Int? = nil, handler: SyncProgressHandler?) {
        self.stage = stage
        self.total = total
        self.handler = handler
        start = .now
        handler?(SyncProgress(stage: stage, bytesDone: 0, bytesTotal: total, elapsed: 0))
    }

    /// Seconds since the stage started.
    var elapsed: Double {
        (MonotonicClock.Instant.now - start).seconds
    }

    /// Reports `done` bytes so far.
    func report(_ done: Int) {
        guard let handler else { return }
        handler(SyncProgress(stage: stage, bytesDone: done, bytesTotal: total, elapsed: elapsed))
    }

    /// Reports the end of the stage, with `done` bytes.
    func finish(_ done: Int = 0) {
        handler?(
            SyncProgress(
                stage: stage, bytesDone: done, bytesTotal: total ?? (stage.countsBytes ? done : nil), elapsed: elapsed,
                isFinished: true))
    }
}
