/// What ``DashSpendClient/checkForUpdate(_:)`` found.
public struct SyncUpdateCheck: Sendable, Hashable {
    /// Whether a sync would download newer data.
    public let updateAvailable: Bool
    /// The source asked.
    public let source: String
    /// The data timestamp (milliseconds since 1970) the server states, if it does.
    public let remoteTimestamp: Int64?
    /// The data timestamp of the installed database, if any.
    public let installedTimestamp: Int64?

    /// Creates a result.
    public init(updateAvailable: Bool, source: String, remoteTimestamp: Int64?, installedTimestamp: Int64?) {
        self.updateAvailable = updateAvailable
        self.source = source
        self.remoteTimestamp = remoteTimestamp
        self.installedTimestamp = installedTimestamp
    }
}
