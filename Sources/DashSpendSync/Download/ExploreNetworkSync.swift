package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A sync from the network: the update check and download of ``ExploreDownloader``, then the import of
/// ``ExploreImporter`` on the downloaded file, all under `flock` on `<network folder>/.download.lock` (so two
/// syncs never write the same partial file). The object's `Data-Timestamp` and `Data-Checksum` must match
/// the archive's comment, else nothing is installed. The download is removed once imported or refused; it
/// is kept (to continue or import later) when the import could not write.
package struct ExploreNetworkSync: Sendable {
    /// Fetches the object.
    package let downloader: ExploreDownloader
    /// Imports it.
    package let importer: ExploreImporter

    /// Creates a sync from a downloader and an importer of the same network folder.
    package init(downloader: ExploreDownloader, importer: ExploreImporter) {
        self.downloader = downloader
        self.importer = importer
    }

    /// The installed data's timestamp, when the installed database is sound (a damaged one is replaced
    /// whatever the timestamps say).
    package func installedTimestamp() -> Int64? {
        guard let stored = importer.storedMetadata()?.dataTimestamp, importer.installedDatabaseIsSound() else { return nil }
        return stored
    }

    /// Whether `object` is newer than the installed data.
    package func check(_ object: RemoteExploreObject) async throws -> ExploreUpdateCheck {
        try await downloader.check(object, installedTimestamp: installedTimestamp())
    }

    /// What a network sync did.
    package enum Outcome: Sendable, Hashable {
        /// Nothing was downloaded: the installed data is as new.
        case upToDate(stored: ExploreImportMetadata?, remoteTimestamp: Int64?)
        /// The object was downloaded and handed to the import, which did this.
        case imported(ExploreImportOutcome)
    }

    /// Downloads `object` when it is newer than the installed data (or `force`), and imports it (`strict`
    /// and `progress` as ``ExploreImporter/importFile(at:origin:force:strict:now:progress:)`` takes them).
    package func sync(
        _ object: RemoteExploreObject, force: Bool, strict: Bool = false, now: Date,
        progress: SyncProgressHandler? = nil
    ) async throws -> Outcome {
        try importer.prepareDirectory()
        return try await SyncLock.withLock(directory: importer.directory, name: SyncLock.downloadName) {
            try await fetchAndImport(object, force: force, strict: strict, now: now, progress: progress)
        }
    }

    /// The body of ``sync(_:force:strict:now:progress:)``, under the download lock.
    private func fetchAndImport(
        _ object: RemoteExploreObject, force: Bool, strict: Bool, now: Date, progress: SyncProgressHandler?
    ) async throws -> Outcome {
        let fetched = try await downloader.fetch(object, installedTimestamp: installedTimestamp(), force: force)
        let folder = downloader.folder
        switch fetched {
        case .upToDate(let remote):
            return .upToDate(stored: importer.storedMetadata(), remoteTimestamp: remote)
        case .downloaded(let path, let metadata, let validator):
            do {
                if let metadata { try Self.requireAgreement(path: path, metadata: metadata, object: object) }
                // Recorded as where the data came from: the object, not the name of its download file.
                let outcome = try importer.importFile(
                    at: path, origin: object.displayName, force: force, strict: strict, now: now, progress: progress)
                folder.removePartial()
                // The version now in place (or judged not newer than it): conditional requests for a plain URL, and
                // a storage object without a data timestamp recognised as unchanged by its generation and MD5.
                let installed: Int64? =
                    switch outcome {
                    case .imported(_, _, let metadata): metadata.dataTimestamp
                    case .upToDate(_, let stored, _): stored.dataTimestamp
                    }
                folder.saveInstalled(
                    DownloadFolder.Installed(object: object.identity, validator: validator, dataTimestamp: installed))
                return .imported(outcome)
            } catch let error as ExploreImportError {
                switch error {
                case .cannotWrite, .unsafeDirectory: break
                default: folder.removePartial()
                }
                throw error
            } catch {
                folder.removePartial()
                throw error
            }
        }
    }

    /// Checks that the metadata's `Data-Timestamp` and `Data-Checksum` (when stated) are the archive
    /// comment's. A file that is not a ZIP with a readable comment is left to the import to judge.
    static func requireAgreement(path: String, metadata: StorageObjectMetadata, object: RemoteExploreObject)
        throws(ExploreDownloadError)
    {
        // A file that is not a readable ZIP is left to the import, which says why it cannot use it.
        guard metadata.dataTimestamp != nil || metadata.dataChecksum != nil,
            let file = try? SourceFile(path: path, maximumSize: .max),
            let head = try? file.head(4), head == ExploreImporter.zipMagic,
            let archive = try? ZipArchive(source: file), let comment = ExploreArchiveComment(archive.comment)
        else { return }
        if let timestamp = metadata.dataTimestamp, timestamp != comment.timestamp {
            throw .metadataMismatch(
                object: object.displayName, field: "Data-Timestamp", metadata: String(timestamp),
                archive: String(comment.timestamp))
        }
        if let checksum = metadata.dataChecksum {
            let value = checksum.count <= 8 ? UInt32(checksum, radix: 16) : nil
            guard value == comment.checksumValue else {
                throw .metadataMismatch(
                    object: object.displayName, field: "Data-Checksum", metadata: checksum, archive: comment.checksum)
            }
        }
    }
}
