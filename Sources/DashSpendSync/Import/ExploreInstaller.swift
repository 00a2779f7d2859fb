import DashSpendCore
import DashSpendExplore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The installing half of an import (``ExploreImporter``; ``ExploreSourceVerifier`` is the other): takes a
/// staged database the verifier wrote, opens it with the library, requires `merchant` rows (and `atm` rows
/// when it has that table) and `PRAGMA quick_check` to pass, adds the lookup indexes to it, and only then
/// renames it over `explore.db`, with its metadata (staged beforehand) renamed right after. On any failure
/// before that rename the database in place is not touched.
struct ExploreInstaller {
    /// The network's folder (`<state>/<network>`).
    let directory: String
    /// The installed database.
    let databasePath: String
    /// Its metadata file.
    let metadataPath: String
    /// Tests only: `PRAGMA max_page_count` while the lookup indexes are added (nil: no limit).
    let maximumPageCount: Int?

    /// Checks the staged file with the library and, when it is a usable explore database, moves it over
    /// `explore.db` and its metadata (staged before) over `explore.db.meta.json` right after.
    func install(
        _ staging: StagingFile, source file: SourceFile, origin: String, format: String, timestamp: Int64?,
        checksum: ExploreSourceVerifier.SourceChecksum, now: Date, progress: SyncProgressHandler?
    ) throws(ExploreImportError) -> ExploreImportOutcome {
        let source = file.path
        let info: ExploreDatabaseInfo
        let installed: (checksum: String, size: Int)
        do {
            // Check the file as it came before touching it, then add the lookup indexes to our copy.
            let verifying = StageReporter(.verify, handler: progress)
            try ExploreDatabase(path: staging.path).verifyIntegrity()
            verifying.finish()
            // The indexes are SQLite's own work in one committed transaction over pages quick_check has just
            // read: the file is opened again (schema and counts, which the merchantId index makes cheap), not
            // read through a second time.
            let indexing = StageReporter(.index, handler: progress)
            try LookupIndexes.add(to: staging.path, maximumPageCount: maximumPageCount)
            let database = try ExploreDatabase(path: staging.path)
            info = try database.info()
            guard info.merchantRows > 0 else {
                throw ExploreImportError.notExploreDatabase(path: source, reason: "its merchant table is empty")
            }
            if !database.schema.atmColumns.isEmpty, info.atms == 0 {
                throw ExploreImportError.notExploreDatabase(path: source, reason: "its atm table is empty")
            }
            installed = try Self.checksum(ofFileAt: staging.path)
            indexing.finish()
        } catch let error as ExploreImportError {
            throw error
        } catch let error as ExploreDatabaseError {
            if case .queryFailed(let inner) = error, Self.isWriteFailure(inner) {
                throw .cannotWrite(path: directory, reason: inner.message)
            }
            throw .notExploreDatabase(path: source, reason: Self.reason(error))
        } catch let error as SQLiteError {
            // Disk full (or over quota, or a failed write) while adding the indexes is the state folder's
            // problem, not the file's.
            if Self.isWriteFailure(error) { throw .cannotWrite(path: directory, reason: error.message) }
            throw .notExploreDatabase(path: source, reason: error.message)
        } catch {
            throw .notExploreDatabase(path: source, reason: "\(error)")
        }
        let metadata = ExploreImportMetadata(
            source: origin, format: format, dataTimestamp: timestamp, checksum: checksum.actual,
            installedChecksum: installed.checksum, importedAt: UTCTimestamp.extended(now),
            schemaVersion: info.version, statedChecksum: checksum.stated,
            checksumVerified: checksum.stated.map { $0 == checksum.actual }, sourceBytes: file.size,
            installedBytes: installed.size)
        let metadataFile = try stageMetadata(metadata)
        defer { metadataFile.discard() }
        try staging.move(over: databasePath)
        // From here on the database has changed: a failure must not say it was kept.
        do throws(ExploreImportError) {
            try metadataFile.move(over: metadataPath)
        } catch {
            StagingFile.syncFolder(of: databasePath)
            let reason: String
            if case .cannotWrite(_, let why) = error { reason = why } else { reason = error.description }
            throw .metadataNotWritten(databasePath: databasePath, path: metadataPath, reason: reason)
        }
        StagingFile.syncFolder(of: databasePath)
        return .imported(path: databasePath, info: info.relocated(to: databasePath), metadata: metadata)
    }

    /// Writes the metadata to `explore.db.meta.json.staging-XXXXXX`, synced, ready to be moved into place.
    private func stageMetadata(_ metadata: ExploreImportMetadata) throws(ExploreImportError) -> StagingFile {
        let data: Data
        do {
            data = try metadata.encoded()
        } catch {
            throw .cannotWrite(path: metadataPath, reason: "\(error)")
        }
        let file = try StagingFile(next: metadataPath)
        try file.append([UInt8](data))
        try file.finish()
        return file
    }

    /// The CRC-32C of the file at `path`, read in chunks, and its size.
    static func checksum(ofFileAt path: String) throws(ExploreImportError) -> (checksum: String, size: Int) {
        let file = try SourceFile(path: path, maximumSize: .max)
        var checksum = CRC32C()
        try file.forEachChunk(in: 0..<file.size) { checksum.update(UnsafeRawBufferPointer($0)) }
        return (checksum.hexString, file.size)
    }

    /// Whether SQLite failed to write: `SQLITE_FULL` (disk full: `ENOSPC`) or one of the write, sync and
    /// truncate I/O errors (over quota, `EDQUOT`, is reported as a failed write).
    static func isWriteFailure(_ error: SQLiteError) -> Bool {
        let full: Int32 = 13  // SQLITE_FULL
        let ioWrite: Int32 = 10 | (3 << 8)  // SQLITE_IOERR_WRITE
        let ioFsync: Int32 = 10 | (4 << 8)  // SQLITE_IOERR_FSYNC
        let ioDirFsync: Int32 = 10 | (5 << 8)  // SQLITE_IOERR_DIR_FSYNC
        let ioTruncate: Int32 = 10 | (6 << 8)  // SQLITE_IOERR_TRUNCATE
        return error.code & 0xff == full || [ioWrite, ioFsync, ioDirFsync, ioTruncate].contains(error.code)
    }

    private static func reason(_ error: ExploreDatabaseError) -> String {
        switch error {
        case .fileMissing, .emptyPath: return "the staged copy disappeared while it was checked"
        case .directory: return "it is a directory"
        case .encryptedArchive: return "it is a ZIP, not an SQLite file"
        case .notSQLite: return "it is not an SQLite file"
        case .truncated(_, let expected, let actual): return "it is truncated (\(actual) of \(expected) bytes)"
        case .notExploreDatabase(_, let reason): return reason
        case .corrupt(_, let detail): return "it is damaged (\(detail))"
        case .cannotOpen(_, let reason): return "it cannot be opened (\(reason))"
        case .queryFailed(let error): return error.message
        }
    }
}
