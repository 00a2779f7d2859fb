public import DashSpendCore
public import DashSpendExplore

/// What a ``DashSpendClient/sync(_:force:strict:progress:)`` did.
public struct SyncReport: Sendable, Hashable {
    /// Whether a new database was installed (false: what is installed is already as new).
    public let updated: Bool
    /// The installed database's path.
    public let path: String
    /// The file the data came from.
    public let source: String
    /// `zip` (the wallets' encrypted download) or `sqlite` (a plain explore file); nil when nothing was imported.
    public let format: String?
    /// The schema version of the imported database; nil when nothing was imported.
    public let schemaVersion: Int?
    /// Merchant ids and merchant rows of the imported database; nil when nothing was imported.
    public let merchantIds: Int?
    /// Merchant rows of the imported database.
    public let merchantRows: Int?
    /// ATMs of the imported database.
    public let atms: Int?
    /// The data timestamp (milliseconds since 1970) of the installed data, if the source had one.
    public let dataTimestamp: Int64?
    /// The data timestamp of the source, when it was not imported because it is not newer.
    public let incomingTimestamp: Int64?
    /// The checksum the archive states (CRC-32C), or the installed file's digest for a plain file.
    public let checksum: String?
    /// The digest of the installed file, if recorded.
    public let installedChecksum: String?
    /// When the data was imported (ISO 8601).
    public let importedAt: String?
    /// Whether the database's CRC-32C equals the checksum the archive's comment states: false when a ZIP
    /// was installed although they differ (its password verifier, HMAC and SQLite checks passed); nil for
    /// a plain SQLite file (no stated checksum) and when nothing was imported.
    public let checksumVerified: Bool?
    /// What a person should know about the import, one line each (a differing CRC-32C label); empty when
    /// there is nothing to say.
    public let warnings: [String]
    /// Each stage that ran, as reported when it finished (stage, bytes, seconds), in order.
    public let stages: [SyncProgress]
    /// The size of the file imported from, in bytes; nil when nothing was imported.
    public let sourceBytes: Int?
    /// The size of the installed database, in bytes; nil when nothing was imported.
    public let installedBytes: Int?
    /// What changed from the database this sync replaced (merchants added and removed, discounts changed,
    /// offers switched on or off); nil when nothing was imported, none was installed before, or the one before
    /// could not be read.
    public let changes: ExploreDifference?

    /// Creates a report.
    public init(
        updated: Bool, path: String, source: String, format: String? = nil, schemaVersion: Int? = nil,
        merchantIds: Int? = nil, merchantRows: Int? = nil, atms: Int? = nil, dataTimestamp: Int64? = nil,
        incomingTimestamp: Int64? = nil, checksum: String? = nil, installedChecksum: String? = nil,
        importedAt: String? = nil, checksumVerified: Bool? = nil, warnings: [String] = [], stages: [SyncProgress] = [],
        sourceBytes: Int? = nil, installedBytes: Int? = nil, changes: ExploreDifference? = nil
    ) {
        self.updated = updated
        self.path = path
        self.source = source
        self.format = format
        self.schemaVersion = schemaVersion
        self.merchantIds = merchantIds
        self.merchantRows = merchantRows
        self.atms = atms
        self.dataTimestamp = dataTimestamp
        self.incomingTimestamp = incomingTimestamp
        self.checksum = checksum
        self.installedChecksum = installedChecksum
        self.importedAt = importedAt
        self.checksumVerified = checksumVerified
        self.warnings = warnings
        self.stages = stages
        self.sourceBytes = sourceBytes
        self.installedBytes = installedBytes
        self.changes = changes
    }

    /// This report with `changes`.
    func with(changes: ExploreDifference?) -> SyncReport {
        SyncReport(
            updated: updated, path: path, source: source, format: format, schemaVersion: schemaVersion,
            merchantIds: merchantIds, merchantRows: merchantRows, atms: atms, dataTimestamp: dataTimestamp,
            incomingTimestamp: incomingTimestamp, checksum: checksum, installedChecksum: installedChecksum,
            importedAt: importedAt, checksumVerified: checksumVerified, warnings: warnings, stages: stages,
            sourceBytes: sourceBytes, installedBytes: installedBytes, changes: changes)
    }
}
