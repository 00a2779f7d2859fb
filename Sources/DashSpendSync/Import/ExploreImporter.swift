package import DashSpendCore
import DashSpendExplore
import DashSpendSQLite

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports an explore database into one network's folder of the state directory: from the ZIP the wallets
/// download (WinZip-AES, comment `<timestampMs>#<checksum>`) or from a plain SQLite explore file.
///
/// The whole import holds `flock(LOCK_EX)` on `<folder>/.sync.lock`. The source is opened once read-only and
/// read in chunks: never held in memory whole, and refused above ``maximumSourceSize``. A ZIP is checked
/// first (password verifier and HMAC-SHA1 over all its ciphertext) before anything else is decided; its
/// entry may declare at most ``maximumDatabaseSize`` bytes, and inflates to at most what it declares. The new
/// file is built as `explore.db.staging-XXXXXX` next to `explore.db` (after checking the folder has room),
/// opened with the library, required to have `merchant` rows (and `atm` rows when it has that table) and to
/// pass `PRAGMA quick_check`, and only then renamed over `explore.db`, with its metadata (staged beforehand)
/// renamed right after. On any failure before that rename the staging files are removed and the database in
/// place is not touched. The file imported from is only ever read.
///
/// This checks integrity, not authenticity: the password and the checksums come from the archive itself, so
/// anyone can write a ZIP this accepts.
package struct ExploreImporter: Sendable {
    /// The network's folder (`<state>/<network>`).
    package let directory: String
    /// The largest file `importFile` reads (a larger one is refused before it is read).
    package let maximumSourceSize: Int
    /// The largest database a ZIP may declare and inflate to.
    package let maximumDatabaseSize: Int
    /// The least free space required beyond the new database's size (for the indexes, the journal, the
    /// metadata); a large database needs a quarter of its size beyond it (see ``requiredFreeSpace(for:)``).
    package let freeSpaceMargin: Int
    /// Tests only: `PRAGMA max_page_count` while the lookup indexes are added, so a full disk can be
    /// simulated (nil: no limit).
    package var maximumPageCount: Int?

    /// The imported database.
    package var databasePath: String { directory + "/explore.db" }
    /// Its metadata file.
    package var metadataPath: String { directory + "/explore.db.meta.json" }
    /// The lock file held during an import.
    package var lockPath: String { directory + "/.sync.lock" }

    /// The name of the one entry of the wallets' ZIP.
    package static let entryName = "explore.db"
    static let sqliteMagic = Array("SQLite format 3\0".utf8)
    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let emptyZipMagic: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    /// The spare room an import (and a download, beyond the bytes it will write) needs by default: 4 MiB.
    package static let defaultFreeSpaceMargin = 4 << 20
    /// How far in the future a ZIP's data timestamp may lie (clock skew), in milliseconds: one day.
    package static let futureTolerance: Int64 = 86_400_000

    /// An importer for `directory` (created, mode 0700, when something is imported). The limits default to
    /// 2 GiB of source, 1 GiB of database and at least 4 MiB of spare room; tests pass small ones.
    package init(
        directory: String, maximumSourceSize: Int = 2 << 30, maximumDatabaseSize: Int = 1 << 30,
        freeSpaceMargin: Int = defaultFreeSpaceMargin
    ) {
        self.directory = directory
        self.maximumSourceSize = maximumSourceSize
        self.maximumDatabaseSize = maximumDatabaseSize
        self.freeSpaceMargin = freeSpaceMargin
    }

    /// The metadata of the database in place, if any.
    package func storedMetadata() -> ExploreImportMetadata? {
        ExploreImportMetadata.read(at: metadataPath)
    }

    /// Imports `source`. A ZIP is imported only when its data timestamp is newer than the stored one,
    /// unless `force`; a plain SQLite file has no timestamp and is always imported.
    ///
    /// A ZIP whose password verifier and HMAC pass and whose database SQLite finds sound, but whose CRC-32C
    /// differs from the checksum its comment states, is installed with ``ExploreImportMetadata/checksumVerified``
    /// false (the wallets never check that label); `strict` refuses it instead. `progress` hears each stage
    /// (``SyncStage/decrypt`` or ``SyncStage/copy``, then ``SyncStage/verify`` and ``SyncStage/index``).
    ///
    /// `origin` is where the bytes came from, recorded as ``ExploreImportMetadata/source``: a network sync
    /// passes the object (`gs://BUCKET/OBJECT`, or the URL without its query), since `source` is then only its
    /// download file. Nil: the name of `source` (without its folder).
    package func importFile(
        at source: String, origin: String? = nil, force: Bool = false, strict: Bool = false, now: Date = Date(),
        progress: SyncProgressHandler? = nil
    ) throws(ExploreImportError) -> ExploreImportOutcome {
        let file = try SourceFile(path: source, maximumSize: maximumSourceSize)
        guard file.size > 0 else { throw .emptySource(path: source) }
        let head = try file.head(Self.sqliteMagic.count)
        let isPlain = head.starts(with: Self.sqliteMagic)
        guard isPlain || head.starts(with: Self.zipMagic) || head.starts(with: Self.emptyZipMagic) else {
            throw .unrecognizedSource(path: source)
        }
        try prepareDirectory()
        let lock = try SyncLock(directory: directory)
        defer { withExtendedLifetime(lock) {} }
        // Under the lock no other import can own a staging file: whatever is there was left by a killed run.
        StagingFile.removeLeftovers(next: databasePath)
        StagingFile.removeLeftovers(next: metadataPath)
        let origin = origin ?? source.split(separator: "/").last.map(String.init) ?? source
        if isPlain { return try importPlain(file, origin: origin, now: now, progress: progress) }
        return try importArchive(file, origin: origin, force: force, strict: strict, now: now, progress: progress)
    }

    private func importPlain(_ file: SourceFile, origin: String, now: Date, progress: SyncProgressHandler?)
        throws(ExploreImportError)
        -> ExploreImportOutcome
    {
        try requireFreeSpace(for: file.size)
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        let stage = StageReporter(.copy, total: file.size, handler: progress)
        var checksum = CRC32C()
        var copied = 0
        try file.forEachChunk(in: 0..<file.size) { (chunk) throws(ExploreImportError) in
            checksum.update(UnsafeRawBufferPointer(chunk))
            try staging.append(UnsafeRawBufferPointer(chunk))
            copied += chunk.count
            stage.report(copied)
        }
        try staging.finish()
        stage.finish(copied)
        return try install(
            staging, source: file, origin: origin, format: "sqlite", timestamp: nil,
            checksum: SourceChecksum(actual: checksum.hexString, stated: nil), now: now, progress: progress)
    }

    /// The parts of the wallets' ZIP the import uses, all checked.
    private struct CheckedArchive {
        let entry: ZipEntry
        let aes: WinZipAESExtraField
        let comment: ExploreArchiveComment
        let salt: [UInt8]
        let verifier: [UInt8]
        let ciphertext: Range<Int>
        let code: [UInt8]
    }

    private func readArchive(_ file: SourceFile, now: Date) throws(ExploreImportError) -> CheckedArchive {
        let source = file.path
        let archive: ZipArchive
        let entry: ZipEntry
        let aes: WinZipAESExtraField
        let payload: Range<Int>
        do throws(ZipError) {
            archive = try ZipArchive(source: file)
            guard let found = archive.entries.first(where: { $0.name == Self.entryName }) else {
                throw ZipError.entryMissing(Self.entryName)
            }
            entry = found
            guard entry.isEncrypted, entry.method == 99 else {
                throw ZipError.unsupportedEntry("\(Self.entryName) is not WinZip-AES encrypted (method \(entry.method))")
            }
            guard entry.flags & 0x40 == 0 else { throw ZipError.unsupportedEntry("PKWARE strong encryption") }
            aes = try WinZipAESExtraField(extra: entry.extra)
            guard aes.actualMethod == 8 || aes.actualMethod == 0 else {
                throw ZipError.unsupportedEntry("compression method \(aes.actualMethod) (only deflate and stored)")
            }
            payload = try archive.dataRange(of: entry, in: file)
        } catch {
            throw .archive(path: source, error)
        }
        guard entry.uncompressedSize <= maximumDatabaseSize else {
            throw .entryTooLarge(path: source, declared: entry.uncompressedSize, limit: maximumDatabaseSize)
        }
        guard let comment = ExploreArchiveComment(archive.comment) else {
            throw .badComment(path: source, comment: archive.comment)
        }
        let latest = Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) + Self.futureTolerance
        guard comment.timestamp <= latest else { throw .futureTimestamp(path: source, timestamp: comment.timestamp) }
        let saltLength = aes.strength.saltLength
        guard payload.count >= WinZipAES.overhead(aes.strength) else {
            throw .decryption(path: source, .payloadTooShort(bytes: payload.count))
        }
        let header: [UInt8]
        let code: [UInt8]
        do throws(ZipError) {
            header = try file.bytes(at: payload.lowerBound, count: saltLength + 2, what: "the data of \(entry.name)")
            code = try file.bytes(
                at: payload.upperBound - HMACSHA1.winZipCodeLength, count: HMACSHA1.winZipCodeLength,
                what: "the data of \(entry.name)")
        } catch {
            throw .archive(path: source, error)
        }
        return CheckedArchive(
            entry: entry, aes: aes, comment: comment, salt: Array(header.prefix(saltLength)),
            verifier: Array(header.suffix(2)),
            ciphertext: (payload.lowerBound + saltLength + 2)..<(payload.upperBound - HMACSHA1.winZipCodeLength),
            code: code)
    }

    private func importArchive(
        _ file: SourceFile, origin: String, force: Bool, strict: Bool, now: Date, progress: SyncProgressHandler?
    ) throws(ExploreImportError) -> ExploreImportOutcome {
        let source = file.path
        let zip = try readArchive(file, now: now)
        // Check the password verifier and the HMAC over all the ciphertext before deciding anything, so a
        // damaged file is reported whatever its timestamp. One streaming pass, nothing written.
        let check = try stream(zip, source: source)
        try file.forEachChunk(in: zip.ciphertext) { (chunk) throws(ExploreImportError) in
            do throws(WinZipAESError) {
                try check.authenticate(UnsafeRawBufferPointer(chunk))
            } catch {
                throw .decryption(path: source, error)
            }
        }
        do throws(WinZipAESError) {
            try check.verify(code: zip.code)
        } catch {
            throw .decryption(path: source, error)
        }
        if !force, let stored = storedMetadata(), let storedTime = stored.dataTimestamp, zip.comment.timestamp <= storedTime,
            installedDatabaseIsSound()
        {
            return .upToDate(path: databasePath, stored: stored, incomingTimestamp: zip.comment.timestamp)
        }

        try requireFreeSpace(for: zip.entry.uncompressedSize)
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        let stage = StageReporter(.decrypt, total: zip.entry.uncompressedSize, handler: progress)
        var checksum = CRC32C()
        var crc = CRC32()
        var size = 0
        let consume = { (chunk: UnsafeRawBufferPointer) throws(ExploreImportError) in
            size += chunk.count
            guard size <= zip.entry.uncompressedSize else {
                throw .archive(path: source, .inflateFailed("it is longer than its declared \(zip.entry.uncompressedSize) bytes"))
            }
            checksum.update(chunk)
            crc.update(chunk)
            try staging.append(chunk)
        }
        // The second pass decrypts and inflates; it authenticates again, in case the file changed between.
        let decryption = try stream(zip, source: source)
        let inflater: RawInflater?
        do throws(ZipError) {
            inflater = zip.aes.actualMethod == 8 ? try RawInflater(limit: zip.entry.uncompressedSize) : nil
        } catch {
            throw .archive(path: source, error)
        }
        try file.forEachChunk(in: zip.ciphertext) { (chunk) throws(ExploreImportError) in
            do throws(WinZipAESError) {
                try decryption.decrypt(chunk)
            } catch {
                throw .decryption(path: source, error)
            }
            defer { stage.report(size) }
            guard let inflater else { return try consume(UnsafeRawBufferPointer(chunk)) }
            do {
                try inflater.feed(UnsafeRawBufferPointer(chunk)) { try consume($0) }
            } catch let error as ExploreImportError {
                throw error
            } catch let error as ZipError {
                throw .archive(path: source, error)
            } catch {
                throw .archive(path: source, .inflateFailed("\(error)"))
            }
        }
        do throws(WinZipAESError) {
            try decryption.verify(code: zip.code)
        } catch {
            throw .decryption(path: source, error)
        }
        do throws(ZipError) {
            try inflater?.finish()
        } catch {
            throw .archive(path: source, error)
        }
        guard size == zip.entry.uncompressedSize else {
            throw .checksumMismatch(
                path: source, kind: "size", expected: "\(zip.entry.uncompressedSize) bytes", actual: "\(size)")
        }
        // The CRC-32C label is checked after the HMAC, which already proves these are the bytes the archive's
        // maker encrypted: a differing label refuses the file only when strict (see importFile).
        if strict, checksum.value != zip.comment.checksumValue {
            throw .checksumMismatch(
                path: source, kind: "CRC-32C", expected: zip.comment.checksum, actual: checksum.hexString)
        }
        if zip.aes.vendorVersion == 1, crc.value != zip.entry.crc32 {
            throw .checksumMismatch(
                path: source, kind: "CRC-32", expected: String(zip.entry.crc32, radix: 16),
                actual: String(crc.value, radix: 16))
        }
        try staging.finish()
        stage.finish(size)
        return try install(
            staging, source: file, origin: origin, format: "zip", timestamp: zip.comment.timestamp,
            checksum: SourceChecksum(actual: checksum.hexString, stated: zip.comment.checksum), now: now,
            progress: progress)
    }

    /// The CRC-32C of the source database as computed, and as the archive states it (nil for a plain file).
    private struct SourceChecksum {
        let actual: String
        let stated: String?
    }

    /// Whether the database in place opens as an explore database and passes `PRAGMA quick_check`: only
    /// then may a ZIP that is not newer be skipped as "already up to date". A truncated or damaged one is
    /// replaced.
    package func installedDatabaseIsSound() -> Bool {
        do {
            try ExploreDatabase(path: databasePath).verifyIntegrity()
            return true
        } catch {
            return false
        }
    }

    private func stream(_ zip: CheckedArchive, source: String) throws(ExploreImportError) -> WinZipAES.Stream {
        do throws(WinZipAESError) {
            return try WinZipAES.Stream(
                salt: zip.salt, verifier: zip.verifier, password: zip.comment.checksum, strength: zip.aes.strength)
        } catch {
            throw .decryption(path: source, error)
        }
    }

    /// Checks the staged file with the library and, when it is a usable explore database, moves it over
    /// `explore.db` and its metadata (staged before) over `explore.db.meta.json` right after.
    private func install(
        _ staging: StagingFile, source file: SourceFile, origin: String, format: String, timestamp: Int64?,
        checksum: SourceChecksum,
        now: Date, progress: SyncProgressHandler?
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
            installedChecksum: installed.checksum, importedAt: now.formatted(Date.ISO8601FormatStyle()),
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

    /// The free space an import of a `size`-byte database needs: the database, plus a quarter of it for
    /// the lookup indexes, the journal and the metadata, and at least ``freeSpaceMargin`` beyond it.
    /// Nil when that overflows.
    package func requiredFreeSpace(for size: Int) -> Int? {
        let (needed, overflow) = size.addingReportingOverflow(max(size / 4, freeSpaceMargin))
        return overflow ? nil : needed
    }

    /// Refuses to start when the folder has less than ``requiredFreeSpace(for:)`` bytes free.
    private func requireFreeSpace(for size: Int) throws(ExploreImportError) {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else {
            throw .cannotWrite(path: directory, reason: SystemError.message())
        }
        let available = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        let free = available.overflow ? UInt64.max : available.partialValue
        let needed = requiredFreeSpace(for: size)
        guard let needed, free >= UInt64(needed) else {
            throw .cannotWrite(
                path: directory,
                reason: "\(free) bytes free, the import needs \(needed.map { "\($0)" } ?? "more than \(Int.max)")")
        }
    }

    /// `mkdir -p` of ``directory`` with mode 0700, then a check that the state folder and the network's
    /// folder are safe to write (see `PrivateDirectory.prepareStateFolder(_:)`): the network's folder a real
    /// folder (not a symbolic link), owned by this user, not writable by group or others, then set to 0700;
    /// the state folder above it owned by this user and not writable by group or others, and left as it is.
    package func prepareDirectory() throws(ExploreImportError) {
        do {
            try PrivateDirectory.prepareStateFolder(directory)
        } catch {
            if error.isUnsafe { throw .unsafeDirectory(path: error.path, reason: error.reason) }
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    private static func reason(_ error: ExploreDatabaseError) -> String {
        switch error {
        case .fileMissing: return "the staged copy disappeared while it was checked"
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
