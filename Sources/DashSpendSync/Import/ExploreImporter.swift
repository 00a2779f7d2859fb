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
/// The whole import holds `flock(LOCK_EX)` on `<folder>/.sync.lock` (``SyncLock``). The source is opened once
/// read-only and read in chunks: never held in memory whole, and refused above ``maximumSourceSize``. The work
/// is in two halves: ``ExploreSourceVerifier`` checks the source (a ZIP's password verifier and HMAC-SHA1
/// over all its ciphertext, before anything else is decided; at most ``maximumDatabaseSize`` bytes) and
/// writes its database to `explore.db.staging-XXXXXX` next to `explore.db` (after this checks the folder has
/// room); ``ExploreInstaller`` checks the staged database with the library and renames it over `explore.db`,
/// its metadata right after. On any failure before that rename the staging files are removed and the database
/// in place is not touched. The file imported from is only ever read.
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
    package var lockPath: String { directory + "/" + SyncLock.importName }

    /// The name of the one entry of the wallets' ZIP.
    package static let entryName = "explore.db"
    static let sqliteMagic = Array("SQLite format 3\0".utf8)
    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let emptyZipMagic: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    /// The spare room an import (and a download, beyond the bytes it will write) needs by default: 4 MiB.
    static let defaultFreeSpaceMargin = 4 << 20
    /// How far in the future a ZIP's data timestamp may lie (clock skew), in milliseconds: one day.
    static let futureTolerance: Int64 = 86_400_000

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
        return try SyncLock.withLock(directory: directory) { () throws(ExploreImportError) in
            // Under the lock no other import can own a staging file: whatever is there was left by a killed run.
            StagingFile.removeLeftovers(next: databasePath)
            StagingFile.removeLeftovers(next: metadataPath)
            let origin = origin ?? source.split(separator: "/").last.map(String.init) ?? source
            if isPlain { return try importPlain(file, origin: origin, now: now, progress: progress) }
            return try importArchive(file, origin: origin, force: force, strict: strict, now: now, progress: progress)
        }
    }

    private func importPlain(_ file: SourceFile, origin: String, now: Date, progress: SyncProgressHandler?)
        throws(ExploreImportError) -> ExploreImportOutcome
    {
        try requireFreeSpace(for: file.size)
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        let checksum = try verifier.copyPlain(file, into: staging, progress: progress)
        return try installer.install(
            staging, source: file, origin: origin, format: "sqlite", timestamp: nil, checksum: checksum, now: now,
            progress: progress)
    }

    private func importArchive(
        _ file: SourceFile, origin: String, force: Bool, strict: Bool, now: Date, progress: SyncProgressHandler?
    ) throws(ExploreImportError) -> ExploreImportOutcome {
        // The password verifier and the HMAC over all the ciphertext are checked before deciding anything, so
        // a damaged file is reported whatever its timestamp.
        let zip = try verifier.checkArchive(file, now: now)
        if !force, let stored = storedMetadata(), let storedTime = stored.dataTimestamp, zip.comment.timestamp <= storedTime,
            installedDatabaseIsSound()
        {
            return .upToDate(path: databasePath, stored: stored, incomingTimestamp: zip.comment.timestamp)
        }
        try requireFreeSpace(for: zip.entry.uncompressedSize)
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        let checksum = try verifier.extractArchive(zip, from: file, into: staging, strict: strict, progress: progress)
        return try installer.install(
            staging, source: file, origin: origin, format: "zip", timestamp: zip.comment.timestamp, checksum: checksum,
            now: now, progress: progress)
    }

    /// Checks the file imported from and stages its database.
    private var verifier: ExploreSourceVerifier { ExploreSourceVerifier(maximumDatabaseSize: maximumDatabaseSize) }

    /// Checks a staged database and moves it into place.
    private var installer: ExploreInstaller {
        ExploreInstaller(
            directory: directory, databasePath: databasePath, metadataPath: metadataPath,
            maximumPageCount: maximumPageCount)
    }

    /// Whether the database in place opens as an explore database and passes `PRAGMA quick_check`: only
    /// then may a ZIP that is not newer be skipped as "already up to date". A truncated or damaged one is
    /// replaced.
    func installedDatabaseIsSound() -> Bool {
        do {
            try ExploreDatabase(path: databasePath).verifyIntegrity()
            return true
        } catch {
            return false
        }
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
    func prepareDirectory() throws(ExploreImportError) {
        do {
            try PrivateDirectory.prepareStateFolder(directory)
        } catch {
            if error.isUnsafe { throw .unsafeDirectory(path: error.path, reason: error.reason) }
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }
}
