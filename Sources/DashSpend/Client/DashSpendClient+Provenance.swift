public import DashSpendExploreSync
import DashSpendSetup
import DashSpendSync

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DashSpendClient {
    /// Where the database in use came from, as `sync` recorded it: nil when it is not the database `sync`
    /// installed for the network (a file given, the embedded sample) or nothing was recorded. Reads only the
    /// small metadata file next to it.
    public func databaseProvenance() -> DatabaseProvenance? {
        let installed = configuration.installedDatabasePath
        switch configuration.database {
        case .file(let path) where path == installed: break
        case .file: return nil
        case .installed: break
        }
        let importer = ExploreImporter(directory: configuration.networkDirectory)
        guard access(importer.databasePath, F_OK) == 0, let metadata = importer.storedMetadata() else { return nil }
        return DatabaseProvenance(
            source: metadata.source, format: metadata.format,
            // A date the metadata file spells some other way is shown as unknown: the rest of the provenance still holds.
            importedAt: try? Date(metadata.importedAt, strategy: Date.ISO8601FormatStyle()),
            dataTimestamp: metadata.dataTimestamp.map { Date(timeIntervalSince1970: Double($0) / 1000) },
            checksum: metadata.checksum, checksumVerified: metadata.isChecksumVerified)
    }
}
