import DashSpendExplore
import DashSpendSQLite
import DashSpendSync
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Only a valid, newer explore file replaces the database; a bad one leaves it byte-identical")
struct ExploreImporterTests {
    let scratch: ScratchDirectory
    let importer: ExploreImporter

    init() throws {
        scratch = try ScratchDirectory(prefix: "sync-tests")
        importer = ExploreImporter(directory: scratch.file("state/mainnet"))
    }

    /// Imports a first database (merchant "Old Bakery", data of 1000) and returns its bytes.
    func importFirst() throws -> [UInt8] {
        let database = try SyncFixture.database(named: "old.db", merchant: "Old Bakery", in: scratch)
        try ExploreArchiveWriter(timestamp: 1000).write(databaseAt: database, to: scratch.file("old.zip"))
        guard case .imported = try importer.importFile(at: scratch.file("old.zip")) else {
            Issue.record("the first import did not happen")
            return []
        }
        return SyncFixture.bytes(importer.databasePath)
    }

    func merchantName() throws -> String? {
        try ExploreDatabase(path: importer.databasePath).search(MerchantSearch(text: "Bakery")).merchants.first?.name
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: importer.directory).filter { $0.contains("staging") }
    }

    @Test("A ZIP from the Swift writer imports with the same contents, plus indexes, and its metadata")
    func importsZip() throws {
        let database = try SyncFixture.database(named: "source.db", merchant: "Fresh Bakery", in: scratch)
        let zip = try ExploreArchiveWriter(timestamp: 1_700_000_000_000).write(
            databaseAt: database, to: scratch.file("explore.zip"))
        let outcome = try importer.importFile(at: scratch.file("explore.zip"))
        guard case .imported(let path, let info, let metadata) = outcome else {
            Issue.record("not imported: \(outcome)")
            return
        }
        #expect(path == importer.databasePath)
        #expect(try SyncFixture.contents(path) == SyncFixture.contents(database))
        #expect(
            try SyncFixture.lookupIndexes(path)
                == ["dashspend_gift_card_providers_merchantId", "dashspend_merchant_merchantId"],
            "the project's own copy gets the indexes the shipped file lacks")
        #expect(try SyncFixture.lookupIndexes(database).isEmpty, "never the source")
        #expect(info.merchantIds == 1 && info.atms == 1 && info.version == 4)
        #expect(metadata.dataTimestamp == 1_700_000_000_000)
        #expect(metadata.checksum == String(CRC32C.checksum(SyncFixture.bytes(database)), radix: 16))
        #expect(metadata.source == "explore.zip" && metadata.format == "zip" && metadata.schemaVersion == 4)
        #expect(importer.storedMetadata() == metadata)
        #expect(SyncFixture.bytes(scratch.file("explore.zip")) == zip, "the source is never written")
        #expect(try leftovers().isEmpty)
        var info2 = stat()
        stat(importer.directory, &info2)
        #expect(info2.st_mode & 0o777 == 0o700)
    }

    @Test(
        "AE-1 (CRC-32 kept) and AES-128/192 archives import too",
        arguments: [
            (UInt16(1), WinZipAESStrength.aes256), (2, .aes128), (1, .aes192),
        ])
    func variants(vendorVersion: UInt16, strength: WinZipAESStrength) throws {
        let database = try SyncFixture.database(named: "source.db", merchant: "Fresh Bakery", in: scratch)
        var writer = ExploreArchiveWriter(timestamp: 5)
        writer.vendorVersion = vendorVersion
        writer.strength = strength
        try writer.write(databaseAt: database, to: scratch.file("v.zip"))
        guard case .imported = try importer.importFile(at: scratch.file("v.zip")) else {
            Issue.record("not imported")
            return
        }
        #expect(try SyncFixture.contents(importer.databasePath) == SyncFixture.contents(database))
    }

    @Test(
        "ZIPs written by an independent implementation (Python cryptography + zlib) import",
        .enabled(
            if: SyncFixture.pythonCrossCheckRequired,
            "`python3 -c \"import cryptography\"` fails, so the independent writer cannot run (under CI it fails)"),
        arguments: [1, 2])
    func pythonArchive(vendorVersion: Int) throws {
        let database = try SyncFixture.database(named: "py.db", merchant: "Python Bakery", in: scratch)
        let zip = try #require(
            try SyncFixture.pythonArchive(
                databaseAt: database, to: scratch.file("py.zip"), timestamp: 1_712_345_678_901, vendorVersion: vendorVersion),
            "CI is set but python3 cannot import cryptography: install python3-cryptography (.ci/run does)")
        guard case .imported(_, _, let metadata) = try importer.importFile(at: zip) else {
            Issue.record("not imported")
            return
        }
        #expect(metadata.dataTimestamp == 1_712_345_678_901)
        #expect(try SyncFixture.contents(importer.databasePath) == SyncFixture.contents(database))
        #expect(try merchantName() == "Python Bakery")
    }

    @Test("Only newer data is imported unless forced; a plain SQLite file always is")
    func timestamps() throws {
        _ = try importFirst()
        let newer = try SyncFixture.database(named: "new.db", merchant: "New Bakery", in: scratch)
        try ExploreArchiveWriter(timestamp: 1000).write(databaseAt: newer, to: scratch.file("same.zip"))
        try ExploreArchiveWriter(timestamp: 999).write(databaseAt: newer, to: scratch.file("older.zip"))
        for name in ["same.zip", "older.zip", "old.zip"] {
            guard case .upToDate(_, let stored, _) = try importer.importFile(at: scratch.file(name)) else {
                Issue.record("\(name) was imported")
                continue
            }
            #expect(stored.dataTimestamp == 1000)
        }
        #expect(try merchantName() == "Old Bakery")
        guard case .imported = try importer.importFile(at: scratch.file("same.zip"), force: true) else {
            Issue.record("--force did not import")
            return
        }
        #expect(try merchantName() == "New Bakery")

        let plain = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: scratch)
        guard case .imported(_, _, let metadata) = try importer.importFile(at: plain) else {
            Issue.record("a plain file was not imported")
            return
        }
        #expect(metadata.dataTimestamp == nil && metadata.format == "sqlite")
        #expect(try merchantName() == "Plain Bakery")
        // With no stored timestamp, any ZIP is imported.
        guard case .imported = try importer.importFile(at: scratch.file("older.zip")) else {
            Issue.record("a ZIP after a plain file was not imported")
            return
        }
    }

    @Test("Every bad input fails, removes its staging file and leaves the old database byte-identical")
    func failuresKeepTheOldDatabase() throws {
        let old = try importFirst()
        let good = try SyncFixture.database(named: "good.db", merchant: "Good Bakery", in: scratch)
        let goodBytes = SyncFixture.bytes(good)
        let zip = try ExploreArchiveWriter(timestamp: 2000).archive(of: goodBytes)
        let payloadStart = 30 + "explore.db".count + 11

        // Each case is refused with and without `strict`, unless `strictOnly` (refused only when strict).
        var cases: [(String, [UInt8], Bool, (ExploreImportError) -> Bool)] = []
        func add(
            _ name: String, _ bytes: [UInt8], strictOnly: Bool = false, _ check: @escaping (ExploreImportError) -> Bool
        ) {
            cases.append((name, bytes, strictOnly, check))
        }
        var tampered = zip
        tampered[payloadStart + 40] ^= 0x01
        add("tampered ciphertext", tampered) { if case .decryption(_, .authenticationFailed) = $0 { true } else { false } }
        var badCode = zip
        let codeOffset =
            zip.count - 22 - Array("2000#".utf8).count - String(CRC32C.checksum(goodBytes), radix: 16).count
            - (46 + 10 + 11) - 1
        badCode[codeOffset] ^= 0xFF
        add("changed authentication code", badCode) { if case .decryption(_, .authenticationFailed) = $0 { true } else { false } }
        add("truncated", Array(zip.prefix(zip.count / 2))) { if case .archive = $0 { true } else { false } }
        add("truncated by one byte", Array(zip.dropLast())) { if case .archive = $0 { true } else { false } }
        add("empty", []) { if case .emptySource = $0 { true } else { false } }
        add("garbage", Array("hello world".utf8)) { if case .unrecognizedSource = $0 { true } else { false } }

        var wrongComment = ExploreArchiveWriter(timestamp: 2000)
        wrongComment.comment = "2000#deadbeef"
        add("checksum in the comment changed", try wrongComment.archive(of: goodBytes)) {
            if case .decryption(_, .wrongPassword) = $0 { true } else { false }
        }
        var consistentlyWrong = ExploreArchiveWriter(timestamp: 2000)
        consistentlyWrong.comment = "2000#deadbeef"
        consistentlyWrong.password = "deadbeef"
        add("wrong checksum used as password too", try consistentlyWrong.archive(of: goodBytes), strictOnly: true) {
            if case .checksumMismatch(_, "CRC-32C", "deadbeef", _) = $0 { true } else { false }
        }
        // A differing label never excuses a failed HMAC or SQLite check.
        var wrongLabelTampered = try consistentlyWrong.archive(of: goodBytes)
        wrongLabelTampered[payloadStart + 40] ^= 0x01
        add("wrong checksum label and tampered ciphertext", wrongLabelTampered) {
            if case .decryption(_, .authenticationFailed) = $0 { true } else { false }
        }
        var badFormat = ExploreArchiveWriter(timestamp: 2000)
        badFormat.comment = "not a comment"
        add("comment not in the wallets' format", try badFormat.archive(of: goodBytes)) {
            if case .badComment = $0 { true } else { false }
        }
        var otherName = ExploreArchiveWriter(timestamp: 2000)
        otherName.entryName = "other.db"
        add("no explore.db entry", try otherName.archive(of: goodBytes)) {
            if case .archive(_, .entryMissing) = $0 { true } else { false }
        }
        var inflated = ExploreArchiveWriter(timestamp: 2000)
        inflated.vendorVersion = 1
        var crcBroken = try inflated.archive(of: goodBytes)
        crcBroken[14] ^= 0x01  // the local header's CRC-32 is not read; the central directory's is
        let centralCRC =
            crcBroken.count - 22 - (Array("2000#".utf8).count + String(CRC32C.checksum(goodBytes), radix: 16).count)
            - (46 + 10 + 11) + 16
        crcBroken[centralCRC] ^= 0x01
        add("AE-1 CRC-32 mismatch", crcBroken) { if case .checksumMismatch(_, "CRC-32", _, _) = $0 { true } else { false } }

        let notExplore = scratch.file("not-explore.db")
        let connection = try SQLiteConnection(path: notExplore, mode: .readWrite)
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        add("SQLite but not explore", SyncFixture.bytes(notExplore)) { if case .notExploreDatabase = $0 { true } else { false } }
        let empty = try SyncFixture.emptyDatabase(named: "empty.db", in: scratch)
        add("explore with no merchants", SyncFixture.bytes(empty)) {
            if case .notExploreDatabase(_, "its merchant table is empty") = $0 { true } else { false }
        }
        add("empty explore inside a ZIP", try ExploreArchiveWriter(timestamp: 3000).archive(of: SyncFixture.bytes(empty))) {
            if case .notExploreDatabase = $0 { true } else { false }
        }
        add("truncated SQLite", Array(goodBytes.prefix(goodBytes.count - 4096))) {
            if case .notExploreDatabase = $0 { true } else { false }
        }
        var damaged = goodBytes
        for index in 4096..<min(8192, damaged.count) { damaged[index] = 0xA5 }
        add("damaged SQLite", damaged) { if case .notExploreDatabase = $0 { true } else { false } }

        for (name, bytes, strictOnly, check) in cases {
            let path = scratch.file("case.bin")
            try SyncFixture.write(bytes, to: path)
            for strict in strictOnly ? [true] : [false, true] {
                do {
                    let outcome = try importer.importFile(at: path, force: true, strict: strict)
                    Issue.record("\(name), strict \(strict): imported (\(outcome))")
                } catch {
                    #expect(check(error), "\(name), strict \(strict): \(error)")
                    #expect(!error.description.contains("\n"))
                }
            }
            #expect(SyncFixture.bytes(importer.databasePath) == old, "\(name): the old database changed")
            #expect(try leftovers().isEmpty, "\(name): a staging file was left")
            #expect(SyncFixture.bytes(path) == bytes, "\(name): the source was written")
        }
        // Not strict, a differing label is looked at only after SQLite's checks, which refuse this one.
        var emptyWrongLabel = ExploreArchiveWriter(timestamp: 3000)
        emptyWrongLabel.comment = "3000#deadbeef"
        emptyWrongLabel.password = "deadbeef"
        try SyncFixture.write(try emptyWrongLabel.archive(of: SyncFixture.bytes(empty)), to: scratch.file("case.bin"))
        #expect {
            try importer.importFile(at: scratch.file("case.bin"), force: true)
        } throws: { error in
            if case .notExploreDatabase = error as? ExploreImportError { true } else { false }
        }
        #expect(SyncFixture.bytes(importer.databasePath) == old)
        #expect(try merchantName() == "Old Bakery")
        #expect(importer.storedMetadata()?.dataTimestamp == 1000)
    }

    @Test("Structures pointing outside the file and ZIP64 are rejected")
    func hostileStructure() throws {
        let good = try SyncFixture.database(named: "good.db", merchant: "Good Bakery", in: scratch)
        let zip = try ExploreArchiveWriter(timestamp: 1).archive(of: SyncFixture.bytes(good))
        let end = zip.count - 22 - "1#".count - String(CRC32C.checksum(SyncFixture.bytes(good)), radix: 16).count
        let central = end - (46 + 10 + 11)

        var hugeSize = zip
        for index in 0..<4 { hugeSize[central + 20 + index] = index == 3 ? 0x7F : 0xFF }
        #expect(throws: ZipError.outOfBounds("the data of explore.db")) { try Self.open(hugeSize) }

        var farOffset = zip
        farOffset[central + 42 + 2] = 0x7F
        #expect(throws: ZipError.outOfBounds("the local header of explore.db")) { try Self.open(farOffset) }

        var badDirectory = zip
        badDirectory[end + 16 + 2] = 0x7F
        #expect(throws: ZipError.outOfBounds("the central directory")) { try Self.open(badDirectory) }

        var zip64 = zip
        for index in 0..<4 { zip64[end + 16 + index] = 0xFF }
        #expect(throws: ZipError.zip64) { try Self.open(zip64) }

        var longComment = zip
        longComment[end + 20] &+= 1
        #expect(throws: ZipError.noEndOfCentralDirectory) { try Self.open(longComment) }
    }

    static func open(_ bytes: [UInt8]) throws(ZipError) {
        let archive = try ZipArchive(bytes: bytes)
        for entry in archive.entries { _ = try archive.storedData(of: entry) }
    }

    @Test("Every staging file a killed run left behind is removed once the lock is held, however young")
    func staleStagingFiles() throws {
        try FileManager.default.createDirectory(atPath: importer.directory, withIntermediateDirectories: true)
        let stale = importer.databasePath + ".staging-OLD123"
        let fresh = importer.databasePath + ".staging-NEW123"
        let sidecar = importer.databasePath + ".staging-NEW123-journal"
        for path in [stale, fresh, sidecar] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: stale)
        _ = try importFirst()
        for path in [stale, fresh, sidecar] { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        #expect(try leftovers().isEmpty)
    }

    @Test("Mainnet and testnet are kept apart")
    func networks() throws {
        _ = try importFirst()
        let testnet = ExploreImporter(directory: scratch.file("state/testnet"))
        let other = try SyncFixture.database(named: "t.db", merchant: "Testnet Bakery", in: scratch)
        try ExploreArchiveWriter(timestamp: 1).write(databaseAt: other, to: scratch.file("t.zip"))
        guard case .imported = try testnet.importFile(at: scratch.file("t.zip")) else {
            Issue.record("testnet did not import older data than mainnet's")
            return
        }
        #expect(try merchantName() == "Old Bakery")
        #expect(
            try ExploreDatabase(path: testnet.databasePath).search(MerchantSearch(text: "Bakery")).merchants.first?.name
                == "Testnet Bakery")
    }

    @Test("A missing source says so")
    func missingSource() {
        #expect(throws: ExploreImportError.sourceMissing(path: scratch.file("nope.zip"))) {
            try importer.importFile(at: scratch.file("nope.zip"))
        }
    }
}
