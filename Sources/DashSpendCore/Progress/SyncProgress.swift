/// Where a stage of `sync` is: reported while it runs (``isFinished`` false, as often as the work allows:
/// about once per MiB for the stages that move bytes) and once when it ends (``isFinished`` true, with the
/// stage's final byte count and time).
public struct SyncProgress: Sendable, Hashable {
    /// The stage.
    public let stage: SyncStage
    /// The bytes done so far (0 for a stage that does not count bytes).
    public let bytesDone: Int
    /// The bytes the stage will have done at its end, when known.
    public let bytesTotal: Int?
    /// Seconds since the stage started.
    public let elapsed: Double
    /// Whether the stage has ended (successfully: a failure is thrown, never reported here).
    public let isFinished: Bool

    /// Creates a report.
    public init(stage: SyncStage, bytesDone: Int = 0, bytesTotal: Int? = nil, elapsed: Double, isFinished: Bool = false) {
        self.stage = stage
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.elapsed = elapsed
        self.isFinished = isFinished
    }
}

/// Receives ``SyncProgress`` reports, on the thread that does the work: it must return quickly.
public typealias SyncProgressHandler = @Sendable (SyncProgress) -> Void
