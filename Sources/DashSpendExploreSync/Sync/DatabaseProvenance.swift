#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where the installed explore database came from and how old its data is, as `sync` recorded it.
public struct DatabaseProvenance: Sendable, Hashable {
    /// The file (or object) the data was synced from, without its folder.
    public let source: String
    /// `zip` (the wallets' encrypted download) or `sqlite` (a plain explore file).
    public let format: String
    /// When it was fetched and imported; nil when the recorded time cannot be read.
    public let importedAt: Date?
    /// When the data was produced (the ZIP comment's timestamp); nil for a plain SQLite file, which has none.
    public let dataTimestamp: Date?
    /// The CRC-32C of the source database.
    public let checksum: String
    /// Whether that CRC-32C equals the checksum the archive states; nil for a plain SQLite file.
    public let checksumVerified: Bool?

    /// Data older than this many days is stale (the wallets publish new data far more often).
    public static let staleAfterDays = 30

    /// Creates a provenance.
    public init(
        source: String, format: String, importedAt: Date?, dataTimestamp: Date?, checksum: String,
        checksumVerified: Bool?
    ) {
        self.source = source
        self.format = format
        self.importedAt = importedAt
        self.dataTimestamp = dataTimestamp
        self.checksum = checksum
        self.checksumVerified = checksumVerified
    }

    /// How old the data is at `now`, in whole days (rounded down, never negative); nil without a data
    /// timestamp.
    public func dataAgeDays(now: Date) -> Int? {
        guard let dataTimestamp else { return nil }
        return max(0, Int((now.timeIntervalSince(dataTimestamp) / 86_400).rounded(.down)))
    }

    /// Whether the data is more than ``staleAfterDays`` days old at `now`; false without a data timestamp.
    public func isStale(now: Date) -> Bool {
        guard let dataTimestamp else { return false }
        return now.timeIntervalSince(dataTimestamp) > Double(Self.staleAfterDays) * 86_400
    }
}
