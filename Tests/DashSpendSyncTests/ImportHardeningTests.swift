import DashSpendExplore
import DashSpendLocking
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendSync

/// The review's findings on `sync`: limits, streaming, locking, the state folder, and what errors say.
@Suite("Importing explore files safely", hangGuard(minutes: 2))
struct ImportHardeningTests {
    let scratch: ScratchDirectory
    let importer: ExploreImporter

    init() throws {
        scratch = try ScratchDirectory(prefix: "sync-hardening")
        importer = ExploreImporter(directory: scratch.file("state/mainnet"))
    }

    /// Writes the archive of a one-merchant database called `merchant` with `writer` and returns its path.
    func archive(_ merchant: String, _ writer: ExploreArchiveWriter, named name: String) throws -> String {
        let database = try SyncFixture.database(named: name + ".db", merchant: merchant, in: scratch)
        try writer.write(databaseAt: database, to: scratch.file(name))
        return scratch.file(name)
    }

    func merchantName(_ importer: ExploreImporter? = nil) throws -> String? {
        try ExploreDatabase(path: (importer ?? self.importer).databasePath).search(MerchantSearch(text: "Bakery"))
            .merchants.first?.name
    }

    func expectFailure(
        _ path: String, importer: ExploreImporter? = nil, force: Bool = true,
        _ check: (ExploreImportError) -> Bool
    ) {
        do {
            let outcome = try (importer ?? self.importer).importFile(at: path, force: force)
            Issue.record("imported: \(outcome)")
        } catch {
            #expect(check(error), "\(error)")
        }
    }

    // MARK: - Sizes

    @Test("An entry declaring more than the database limit is refused before anything is written")
    func declaredSizeOverTheLimit() throws {
        let zip = try archive("Big Bakery", ExploreArchiveWriter(timestamp: 5), named: "big.zip")
        let small = ExploreImporter(directory: importer.directory, maximumDatabaseSize: 4096)
        expectFailure(zip, importer: small) { if case .entryTooLarge(_, _, 4096) = $0 { true } else { false } }
        #expect(!FileManager.default.fileExists(atPath: small.databasePath))
        // The default limit is 1 GiB, whatever the archive declares (up to 4 GiB).
        #expect(ExploreImporter(directory: "x").maximumDatabaseSize == 1 << 30)
        var bomb = ExploreArchiveWriter(timestamp: 5)
        bomb.declaredSize = 0xFFFF_FFF0
        let declared = try archive("Bomb Bakery", bomb, named: "bomb.zip")
        expectFailure(declared) { if case .entryTooLarge(_, 0xFFFF_FFF0, 1 << 30) = $0 { true } else { false } }
    }

    @Test("An entry that inflates past its declared size stops there; one that falls short fails the size check")
    func inflatesPastOrShortOfDeclared() throws {
        let database = try SyncFixture.database(named: "d.db", merchant: "Size Bakery", in: scratch)
        let real = UInt32(SyncFixture.bytes(database).count)
        var short = ExploreArchiveWriter(timestamp: 5)
        short.declaredSize = real - 1000
        try short.write(databaseAt: database, to: scratch.file("past.zip"))
        expectFailure(scratch.file("past.zip")) {
            if case .archive(_, .inflateFailed(let why)) = $0 { why.contains("\(real - 1000)") } else { false }
        }
        var long = ExploreArchiveWriter(timestamp: 5)
        long.declaredSize = real + 1000
        try long.write(databaseAt: database, to: scratch.file("short.zip"))
        expectFailure(scratch.file("short.zip")) {
            if case .checksumMismatch(_, "size", _, "\(real)") = $0 { true } else { false }
        }
        #expect(!FileManager.default.fileExists(atPath: importer.databasePath))
    }

    @Test("A source above the size limit is refused before it is read, even a 64 GB sparse file")
    func sourceOverTheLimit() throws {
        let path = scratch.file("huge.db")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        let magic = Array("SQLite format 3\0".utf8)
        #expect(write(descriptor, magic, magic.count) == magic.count)
        #expect(ftruncate(descriptor, 64 << 30) == 0)
        close(descriptor)
        expectFailure(path) { if case .sourceTooLarge(_, 64 << 30, 2 << 30) = $0 { true } else { false } }
        let zip = try archive("Plain Bakery", ExploreArchiveWriter(timestamp: 5), named: "p.zip")
        let small = ExploreImporter(directory: importer.directory, maximumSourceSize: 1024)
        expectFailure(zip, importer: small) { if case .sourceTooLarge(_, _, 1024) = $0 { true } else { false } }
    }

    @Test("An import needs the new database's size plus a margin free in the state folder")
    func freeSpace() throws {
        let zip = try archive("Space Bakery", ExploreArchiveWriter(timestamp: 5), named: "s.zip")
        let greedy = ExploreImporter(directory: importer.directory, freeSpaceMargin: Int.max / 2)
        expectFailure(zip, importer: greedy) {
            if case .cannotWrite(_, let reason) = $0 { reason.contains("bytes free") } else { false }
        }
        let plain = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: scratch)
        expectFailure(plain, importer: greedy) {
            if case .cannotWrite(_, let reason) = $0 { reason.contains("bytes free") } else { false }
        }
        #expect(!FileManager.default.fileExists(atPath: importer.databasePath))
        guard case .imported = try importer.importFile(at: zip) else {
            Issue.record("not imported with the default margin")
            return
        }
    }

    @Test("The free space needed scales with the file: a 127 KB import needs about 4 MiB, not 64 MiB")
    func freeSpaceScales() {
        let importer = ExploreImporter(directory: "x")
        #expect(importer.requiredFreeSpace(for: 127_000) == 127_000 + (4 << 20))
        #expect(importer.requiredFreeSpace(for: 1 << 30) == (1 << 30) + (1 << 28), "a quarter of a large file")
        #expect(importer.requiredFreeSpace(for: Int.max - 10) == nil, "overflow")
        #expect(ExploreImporter(directory: "x", freeSpaceMargin: 0).requiredFreeSpace(for: 400) == 500)
    }

    @Test("Disk full while the indexes are added is \"cannot write\" (73), not a damaged file, and keeps the old one")
    func diskFullWhileIndexing() throws {
        let first = try archive("Old Bakery", ExploreArchiveWriter(timestamp: 5), named: "first.zip")
        _ = try importer.importFile(at: first)
        let before = SyncFixture.bytes(importer.databasePath)
        var full = importer
        full.maximumPageCount = 1  // no page can be added: SQLITE_FULL, as on a full disk
        let second = try archive("New Bakery", ExploreArchiveWriter(timestamp: 6), named: "second.zip")
        expectFailure(second, importer: full) {
            if case .cannotWrite(let path, let reason) = $0 {
                path == importer.directory && reason.contains("full")
            } else {
                false
            }
        }
        let kept = SyncFixture.bytes(importer.databasePath) == before
        #expect(kept, "the database in place changed")
        let names = try FileManager.default.contentsOfDirectory(atPath: importer.directory)
        #expect(!names.contains { $0.contains("staging") }, "\(names)")
    }

    @Test("An installed database that no longer opens is replaced by the same archive, not called up to date")
    func damagedInstallIsReplaced() throws {
        let zip = try archive("Sound Bakery", ExploreArchiveWriter(timestamp: 5), named: "sound.zip")
        _ = try importer.importFile(at: zip)
        let whole = SyncFixture.bytes(importer.databasePath)
        try SyncFixture.write(Array(whole.prefix(whole.count - 1024)), to: importer.databasePath)
        guard case .imported = try importer.importFile(at: zip) else {
            Issue.record("a truncated install was called up to date")
            return
        }
        #expect(try merchantName() == "Sound Bakery")
        guard case .upToDate = try importer.importFile(at: zip) else {
            Issue.record("a sound install was imported again")
            return
        }
    }

    @Test("A FIFO is refused at once instead of blocking the open")
    func fifo() throws {
        let path = scratch.file("pipe.zip")
        #expect(mkfifo(path, 0o600) == 0)
        expectFailure(path) {
            if case .sourceUnreadable(_, "not a regular file") = $0 { true } else { false }
        }
    }

    @Test("A database several megabytes large (many AES and read chunks) imports through both passes")
    func largeDatabase() throws {
        let rows = (2...6000).map { index in
            "INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, territory, city) "
                + "VALUES (\(index), 'm-\(index)', 'Filler \(index) \(String(repeating: "x", count: 400))', "
                + "'physical', 'dash', 1, 'DCG', 's-\(index)', 'Texas', 'Austin');"
        }.joined(separator: "\n")
        let database = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, territory, city)
                VALUES (1, 'sync-1', 'Large Bakery', 'physical', 'dash', 1, 'DCG', 'sync-1', 'Texas', 'Austin');
                INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city)
                VALUES (1, 'Sync ATM', 'General Bytes', 1, 30.27, -97.74, 'Texas', 'Austin');
                \(rows)
                """, named: "large.db", in: scratch)
        #expect(SyncFixture.bytes(database).count > 2 * SourceFile.chunkSize)
        for method in [UInt16(8), 0] {
            var writer = ExploreArchiveWriter(timestamp: 5)
            writer.compressionMethod = method
            try writer.write(databaseAt: database, to: scratch.file("large.zip"))
            guard case .imported(_, let info, _) = try importer.importFile(at: scratch.file("large.zip"), force: true)
            else {
                Issue.record("not imported (method \(method))")
                continue
            }
            #expect(info.merchantRows == 6000)
            #expect(try merchantName() == "Large Bakery")
        }
    }

    // MARK: - Archive structure

    @Test("A stored (method 0) entry inside the WinZip-AES layer imports")
    func storedEntry() throws {
        var writer = ExploreArchiveWriter(timestamp: 5)
        writer.compressionMethod = 0
        let zip = try archive("Stored Bakery", writer, named: "stored.zip")
        guard case .imported = try importer.importFile(at: zip) else {
            Issue.record("not imported")
            return
        }
        #expect(try merchantName() == "Stored Bakery")
    }

    @Test(
        "A malformed WinZip-AES extra field is refused",
        arguments: [
            ([0x01, 0x99, 0x05, 0x00, 0x02, 0x00, 0x41, 0x45, 0x03], "is 5 bytes"),
            ([0x01, 0x99, 0x07, 0x00, 0x03, 0x00, 0x41, 0x45, 0x03, 0x08, 0x00], "version 3"),
            ([0x01, 0x99, 0x07, 0x00, 0x02, 0x00, 0x41, 0x58, 0x03, 0x08, 0x00], "vendor ID"),
            ([0x01, 0x99, 0x07, 0x00, 0x02, 0x00, 0x41, 0x45, 0x04, 0x08, 0x00], "strength 4"),
            ([0x01, 0x99, 0x07, 0x00, 0x02, 0x00, 0x41, 0x45, 0x03, 0x0E, 0x00], "method 14"),
            ([0x01, 0x99, 0x09, 0x00, 0x02, 0x00, 0x41, 0x45, 0x03], "outside the file"),
            ([0x0A, 0x00, 0x00, 0x00], "no WinZip-AES extra field"),
        ] as [([UInt8], String)])
    func malformedExtraField(field: [UInt8], text: String) throws {
        var writer = ExploreArchiveWriter(timestamp: 5)
        writer.extraField = field
        let zip = try archive("Extra Bakery", writer, named: "extra.zip")
        expectFailure(zip) {
            if case .archive = $0 { $0.description.contains(text) } else { false }
        }
    }

    @Test("A local header naming another file than the central directory is refused")
    func localNameDiffers() throws {
        var writer = ExploreArchiveWriter(timestamp: 5)
        writer.localEntryName = "explore.dc"
        let zip = try archive("Name Bakery", writer, named: "name.zip")
        expectFailure(zip) {
            $0 == .archive(path: zip, .unsupportedEntry("the local header of explore.db names another file"))
        }
    }

    // MARK: - Order of checks

    @Test("A damaged ZIP is reported as damaged even when its timestamp is not newer")
    func verifiedBeforeUpToDate() throws {
        let first = try archive("Old Bakery", ExploreArchiveWriter(timestamp: 1000), named: "old.zip")
        guard case .imported = try importer.importFile(at: first) else {
            Issue.record("not imported")
            return
        }
        var bytes = SyncFixture.bytes(first)
        bytes[80] ^= 0x01  // in the ciphertext
        try SyncFixture.write(bytes, to: scratch.file("damaged.zip"))
        expectFailure(scratch.file("damaged.zip"), force: false) {
            if case .decryption(_, .authenticationFailed) = $0 { true } else { false }
        }
        var wrong = ExploreArchiveWriter(timestamp: 999)
        wrong.password = "deadbeef"
        let wrongPassword = try archive("Wrong Bakery", wrong, named: "wrong.zip")
        expectFailure(wrongPassword, force: false) {
            if case .decryption(_, .wrongPassword) = $0 { true } else { false }
        }
        guard case .upToDate = try importer.importFile(at: first) else {
            Issue.record("the intact older file is not up to date")
            return
        }
    }

    @Test("A timestamp more than a day in the future is refused, with or without --force")
    func futureTimestamp() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let dayLater: Int64 = 1_700_000_000_000 + 86_400_000
        let ok = try archive("Soon Bakery", ExploreArchiveWriter(timestamp: dayLater), named: "soon.zip")
        guard case .imported = try importer.importFile(at: ok, now: now) else {
            Issue.record("a timestamp a day ahead (clock skew) was refused")
            return
        }
        let far = try archive("Future Bakery", ExploreArchiveWriter(timestamp: dayLater + 1), named: "future.zip")
        for force in [false, true] {
            do {
                _ = try importer.importFile(at: far, force: force, now: now)
                Issue.record("imported")
            } catch {
                #expect(error == .futureTimestamp(path: far, timestamp: dayLater + 1))
                #expect(error.description.contains("future"))
            }
        }
        #expect(try merchantName() == "Soon Bakery")
    }

    // MARK: - Installing

    @Test("When the metadata cannot be moved into place, the error says the database was replaced")
    func metadataAfterCommit() throws {
        let first = try archive("First Bakery", ExploreArchiveWriter(timestamp: 1000), named: "first.zip")
        _ = try importer.importFile(at: first)
        try FileManager.default.removeItem(atPath: importer.metadataPath)
        try FileManager.default.createDirectory(atPath: importer.metadataPath, withIntermediateDirectories: false)
        let second = try archive("Second Bakery", ExploreArchiveWriter(timestamp: 2000), named: "second.zip")
        do {
            _ = try importer.importFile(at: second)
            Issue.record("imported although the metadata path is a folder")
        } catch {
            guard case .metadataNotWritten(let database, let path, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(database == importer.databasePath && path == importer.metadataPath)
            #expect(!error.keptDatabase)
            #expect(!error.description.contains("kept"))
        }
        #expect(try merchantName() == "Second Bakery")
        let names = try FileManager.default.contentsOfDirectory(atPath: importer.directory)
        #expect(!names.contains { $0.contains("staging") }, "\(names)")
    }

    @Test("The metadata records the source's CRC-32C and the installed file's")
    func installedChecksum() throws {
        let database = try SyncFixture.database(named: "c.db", merchant: "Checksum Bakery", in: scratch)
        try ExploreArchiveWriter(timestamp: 5).write(databaseAt: database, to: scratch.file("c.zip"))
        guard case .imported(_, _, let metadata) = try importer.importFile(at: scratch.file("c.zip")) else {
            Issue.record("not imported")
            return
        }
        #expect(metadata.checksum == String(CRC32C.checksum(SyncFixture.bytes(database)), radix: 16))
        #expect(metadata.installedChecksum == String(CRC32C.checksum(SyncFixture.bytes(importer.databasePath)), radix: 16))
        #expect(metadata.installedChecksum != metadata.checksum, "the installed copy has indexes")
        #expect(importer.storedMetadata()?.installedChecksum == metadata.installedChecksum)
    }

    @Test("Two imports at once end with the database and the metadata of the same one")
    func concurrentImports() throws {
        let older = try archive("Older Bakery", ExploreArchiveWriter(timestamp: 1000), named: "a.zip")
        let newer = try archive("Newer Bakery", ExploreArchiveWriter(timestamp: 2000), named: "b.zip")
        let importer = self.importer
        for _ in 0..<8 {
            // Both imports must succeed (the lock serialises them), not merely leave a consistent pair behind.
            let errors = Locked<[ExploreImportError]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do throws(ExploreImportError) {
                    _ = try importer.importFile(at: index == 0 ? older : newer, force: true)
                } catch {
                    errors.withLock { $0.append(error) }
                }
            }
            #expect(errors.withLock { $0 }.isEmpty)
            let name = try merchantName()
            let timestamp = importer.storedMetadata()?.dataTimestamp
            #expect(
                (name == "Older Bakery" && timestamp == 1000) || (name == "Newer Bakery" && timestamp == 2000),
                "\(name ?? "nil") with metadata of \(timestamp.map(String.init) ?? "nil")")
        }
    }

    @Test("An import waits for the lock another import holds")
    func waitsForTheLock() throws {
        let zip = try archive("Locked Bakery", ExploreArchiveWriter(timestamp: 5), named: "l.zip")
        try FileManager.default.createDirectory(atPath: importer.directory, withIntermediateDirectories: true)
        let lock = open(importer.lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let importer = self.importer
        let done = DispatchSemaphore(value: 0)
        let result = ImportResultBox()
        // On a thread of its own: work sent to Dispatch's shared queues waits behind every queued test task
        // (they share the two threads of a two-core machine), while this test holds one of them in wait(),
        // so under load the import started only after a minute or more, and half the pool stood idle meanwhile.
        Thread.detachNewThread {
            let outcome = Result { () throws(ExploreImportError) in try importer.importFile(at: zip) }
            result.value.withLock { $0 = outcome }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut, "the import did not wait for the lock")
        #expect(!FileManager.default.fileExists(atPath: importer.databasePath))
        close(lock)
        #expect(done.wait(timeout: .now() + 120) == .success, "a hang guard: the import ends once the lock is free")
        guard case .success(.imported)? = result.value.withLock({ $0 }) else {
            Issue.record("the import after the lock was released: \(String(describing: result.value.withLock { $0 }))")
            return
        }
        #expect(try merchantName() == "Locked Bakery")
    }

    // MARK: - The state folder

    @Test("A network folder writable by others, or a symbolic link, is refused")
    func unsafeFolder() throws {
        let zip = try archive("Folder Bakery", ExploreArchiveWriter(timestamp: 5), named: "f.zip")
        try FileManager.default.createDirectory(atPath: importer.directory, withIntermediateDirectories: true)
        #expect(chmod(importer.directory, 0o777) == 0)
        expectFailure(zip) {
            if case .unsafeDirectory(_, let reason) = $0 { reason.contains("777") } else { false }
        }
        #expect(!FileManager.default.fileExists(atPath: importer.databasePath))

        let real = scratch.file("elsewhere")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("state/testnet"), withDestinationPath: real)
        let linked = ExploreImporter(directory: scratch.file("state/testnet"))
        expectFailure(zip, importer: linked) { if case .unsafeDirectory = $0 { true } else { false } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty)

        #expect(chmod(importer.directory, 0o750) == 0)
        guard case .imported = try importer.importFile(at: zip) else {
            Issue.record("not imported")
            return
        }
        var info = stat()
        stat(importer.directory, &info)
        #expect(info.st_mode & 0o777 == 0o700, "tightened to 0700")
    }

    // MARK: - Staging files

    @Test("Stale staging files of the metadata are removed too")
    func staleMetadataStaging() throws {
        try FileManager.default.createDirectory(atPath: importer.directory, withIntermediateDirectories: true)
        let stale = importer.metadataPath + ".staging-OLD123"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data([1])))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: stale)
        let zip = try archive("Stale Bakery", ExploreArchiveWriter(timestamp: 5), named: "st.zip")
        _ = try importer.importFile(at: zip)
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test("A failed mkstemp removes nothing, not even a file named like its template")
    func failedMkstemp() throws {
        let target = scratch.file("explore.db")
        let template = target + ".staging-XXXXXX"
        #expect(FileManager.default.createFile(atPath: template, contents: Data([1])))
        do {
            _ = try StagingFile(next: target) { _ in
                errno = EACCES
                return -1
            }
            Issue.record("created")
        } catch {
            #expect(error == .cannotWrite(path: target, reason: String(cString: strerror(EACCES))))
        }
        #expect(FileManager.default.fileExists(atPath: template))
    }

    @Test("Discarding a staging file removes its SQLite sidecars")
    func sidecars() throws {
        let staging = try StagingFile(next: scratch.file("explore.db"))
        for suffix in ["-journal", "-wal", "-shm"] {
            #expect(FileManager.default.createFile(atPath: staging.path + suffix, contents: Data([1])))
        }
        staging.discard()
        for suffix in ["", "-journal", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: staging.path + suffix), "\(suffix)")
        }
    }

    @Test("The staged file is opened defensively: no schema writes, no trusted schema")
    func defensiveConnection() throws {
        let database = try SyncFixture.database(named: "def.db", merchant: "Defensive Bakery", in: scratch)
        let connection = try LookupIndexes.open(database)
        let trusted = try connection.read { db in try db.fetchOne("PRAGMA trusted_schema") { $0.integer("trusted_schema") } }
        #expect(trusted == 0)
        #expect(throws: SQLiteError.self) {
            try connection.execute(
                "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE TABLE merchant (x)' WHERE name = 'merchant';"
            )
        }
        #expect(try SyncFixture.contents(database).contains("Defensive Bakery"))
    }

    // MARK: - Messages

    @Test("Control characters from the comment, names and SQLite are escaped in every message")
    func controlCharacters() throws {
        var writer = ExploreArchiveWriter(timestamp: 5)
        writer.comment = "evil\n\u{1B}[31mred\u{7F}\u{85}"
        let zip = try archive("Evil Bakery", writer, named: "evil\u{1B}.zip")
        do {
            _ = try importer.importFile(at: zip)
            Issue.record("imported")
        } catch {
            #expect(error.description.contains("evil\\x0A\\x1B[31mred\\x7F\\x85"), "\(error.description)")
            #expect(error.description.contains("evil\\x1B.zip"))
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        let sqlite = ExploreImportError.notExploreDatabase(path: "p", reason: "near \"\u{0}\r\n\": syntax error")
        #expect(sqlite.description == "p does not hold a usable explore database: near \"\\x00\\x0D\\x0A\": syntax error")
        #expect(ExploreImportError.escapingControlCharacters("é ü \u{A0}ok") == "é ü \u{A0}ok")
    }
}

/// What an import on another thread gave, for the test to check once the thread is done.
private final class ImportResultBox: Sendable {
    let value = Locked<Result<ExploreImportOutcome, ExploreImportError>?>(nil)
}
