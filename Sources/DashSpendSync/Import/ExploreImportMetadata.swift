import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `explore.db.meta.json`, kept next to the imported database: where it came from and how new its data is.
package struct ExploreImportMetadata: Sendable, Hashable, Codable {
    /// Where the data came from: the file name given with `--from` (without its folder), or for a network
    /// sync the object (`gs://BUCKET/OBJECT`, or the URL without its query).
    package let source: String
    /// `zip` or `sqlite`.
    package let format: String
    /// The data timestamp from the ZIP comment (milliseconds since 1970); nil for a plain SQLite file.
    package let dataTimestamp: Int64?
    /// The CRC-32C of the SOURCE SQLite file (the one inside the ZIP, or the plain file given), as verified
    /// against the ZIP comment; lowercase hex without zero padding. The installed copy differs from it, since
    /// the import adds indexes: see ``installedChecksum``.
    package let checksum: String
    /// The CRC-32C of the installed `explore.db` as it was moved into place (nil in metadata written before
    /// this field existed).
    package let installedChecksum: String?
    /// When it was imported (ISO 8601, UTC).
    package let importedAt: String
    /// The explore schema version (1 to 4).
    package let schemaVersion: Int
    /// The checksum the ZIP's comment states (its password); nil for a plain SQLite file and in metadata
    /// written before this field existed.
    package let statedChecksum: String?
    /// Whether ``checksum`` equals ``statedChecksum``: false when a ZIP whose password verifier, HMAC and
    /// SQLite checks passed was installed although its CRC-32C label differs. Nil for a plain SQLite file
    /// (no label) and in metadata written before this field existed (see ``isChecksumVerified``).
    package let checksumVerified: Bool?
    /// The size of the file imported from, in bytes (nil in older metadata).
    package let sourceBytes: Int?
    /// The size of the installed `explore.db`, in bytes (nil in older metadata).
    package let installedBytes: Int?

    /// Whether the CRC-32C label was checked and matched: ``checksumVerified``, or, in metadata written
    /// before it existed, true for a ZIP (only matching ZIPs were installed then). Nil for a plain file.
    package var isChecksumVerified: Bool? {
        checksumVerified ?? (format == "zip" ? true : nil)
    }

    /// Creates the metadata.
    package init(
        source: String, format: String, dataTimestamp: Int64?, checksum: String, installedChecksum: String? = nil,
        importedAt: String, schemaVersion: Int, statedChecksum: String? = nil, checksumVerified: Bool? = nil,
        sourceBytes: Int? = nil, installedBytes: Int? = nil
    ) {
        self.source = source
        self.format = format
        self.dataTimestamp = dataTimestamp
        self.checksum = checksum
        self.installedChecksum = installedChecksum
        self.importedAt = importedAt
        self.schemaVersion = schemaVersion
        self.statedChecksum = statedChecksum
        self.checksumVerified = checksumVerified
        self.sourceBytes = sourceBytes
        self.installedBytes = installedBytes
    }

    /// Reads the metadata at `path`, or nil when there is none or it cannot be read (then the next ZIP is
    /// imported whatever its timestamp). A FIFO or device in its place is not opened for reading.
    package static func read(at path: String) -> ExploreImportMetadata? {
        // Metadata that cannot be read is none: the next ZIP is imported whatever its timestamp, as documented.
        guard let bytes = try? RegularFile.read(path, limit: 1 << 20) else { return nil }
        // Another version's shape reads as none too: the import then decides without it, as documented.
        return try? JSONDecoder().decode(ExploreImportMetadata.self, from: Data(bytes))
    }

    /// The JSON text written to the file.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
