import DashSpendCore
import DashSpendExplore
import DashSpendLocking
import DashSpendSync
import DashSpendTestSupport
import Foundation
import Testing

/// The checksum policy of issue 12: the password verifier, the HMAC and SQLite's checks must pass; a CRC-32C
/// label that differs after those installs unverified (with a warning), unless strict. And the stages an
/// import reports.
@Suite("A differing CRC-32C label installs unverified unless strict; an import reports its stages")
struct ChecksumPolicyTests {
    let scratch: ScratchDirectory
    let importer: ExploreImporter

    init() throws {
        scratch = try ScratchDirectory(prefix: "sync-policy")
        importer = ExploreImporter(directory: scratch.file("state/mainnet"))
    }

    /// An archive of a database with merchant `merchant` whose comment (and password) says `deadbeef`.
    func mislabelled(_ merchant: String, timestamp: Int64, named name: String) throws -> (zip: String, database: String) {
        let database = try SyncFixture.database(named: name + ".db", merchant: merchant, in: scratch)
        var writer = ExploreArchiveWriter(timestamp: timestamp)
        writer.comment = "\(timestamp)#deadbeef"
        writer.password = "deadbeef"
        try writer.write(databaseAt: database, to: scratch.file(name))
        return (scratch.file(name), database)
    }

    func merchantName() throws -> String? {
        try ExploreDatabase(path: importer.databasePath).search(MerchantSearch(text: "Bakery")).merchants.first?.name
    }

    @Test("A mislabelled archive installs with checksumVerified false, the real CRC-32C and one warning")
    func mislabelledInstalls() throws {
        let (zip, database) = try mislabelled("Mislabelled Bakery", timestamp: 2000, named: "label.zip")
        let actual = String(CRC32C.checksum(SyncFixture.bytes(database)), radix: 16)
        let outcome = try importer.importFile(at: zip)
        guard case .imported(_, _, let metadata) = outcome else {
            Issue.record("not imported: \(outcome)")
            return
        }
        #expect(try merchantName() == "Mislabelled Bakery")
        #expect(metadata.checksumVerified == false)
        #expect(metadata.isChecksumVerified == false)
        #expect(metadata.checksum == actual)
        #expect(metadata.statedChecksum == "deadbeef")
        #expect(importer.storedMetadata() == metadata, "recorded for db info")
        let warnings = outcome.warnings
        try #require(warnings.count == 1)
        #expect(warnings[0].contains("deadbeef") && warnings[0].contains(actual) && warnings[0].contains("label.zip"))
        #expect(!warnings[0].contains("\n") && !warnings[0].contains("--"), "one line, naming no option")
    }

    @Test("Strict refuses a mislabelled archive and keeps the database and its metadata byte-identical")
    func strictRefuses() throws {
        let good = try SyncFixture.database(named: "good.db", merchant: "Good Bakery", in: scratch)
        try ExploreArchiveWriter(timestamp: 1000).write(databaseAt: good, to: scratch.file("good.zip"))
        guard case .imported(_, _, let metadata) = try importer.importFile(at: scratch.file("good.zip"), strict: true) else {
            Issue.record("a well-labelled archive did not install when strict")
            return
        }
        #expect(metadata.checksumVerified == true)
        let before = SyncFixture.bytes(importer.databasePath)
        let metadataBefore = SyncFixture.bytes(importer.metadataPath)
        let (zip, _) = try mislabelled("Mislabelled Bakery", timestamp: 2000, named: "label.zip")
        #expect {
            try importer.importFile(at: zip, strict: true)
        } throws: { error in
            guard let error = error as? ExploreImportError, case .checksumMismatch(_, "CRC-32C", "deadbeef", _) = error
            else { return false }
            return error.keptDatabase
        }
        #expect(SyncFixture.bytes(importer.databasePath) == before)
        #expect(SyncFixture.bytes(importer.metadataPath) == metadataBefore)
        #expect(try merchantName() == "Good Bakery")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: importer.directory).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test("Metadata written before checksumVerified existed reads as verified for a ZIP, unknown for a plain file")
    func olderMetadata() throws {
        let zip = #"{"checksum":"abc","format":"zip","importedAt":"2026-01-01T00:00:00Z","schemaVersion":4,"source":"a.zip"}"#
        let plain = #"{"checksum":"abc","format":"sqlite","importedAt":"2026-01-01T00:00:00Z","schemaVersion":4,"source":"a.db"}"#
        let decoder = JSONDecoder()
        #expect(try decoder.decode(ExploreImportMetadata.self, from: Data(zip.utf8)).isChecksumVerified == true)
        #expect(try decoder.decode(ExploreImportMetadata.self, from: Data(plain.utf8)).isChecksumVerified == nil)
    }

    /// Every report a handler received, in order.
    final class Recorder: Sendable {
        let reports = Locked<[SyncProgress]>([])
        var handler: SyncProgressHandler { { [self] report in reports.withLock { $0.append(report) } } }
        var all: [SyncProgress] { reports.withLock { $0 } }
    }

    @Test("A ZIP import reports decrypt, verify and index, each started then finished once, bytes rising to the size")
    func zipStages() throws {
        // Several 1 MiB reads of ciphertext: a few megabytes, stored (method 0) so it does not shrink.
        let rows = (2...8000).map { index in
            "INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, territory, city) "
                + "VALUES (\(index), 'm-\(index)', 'Filler \(index) \(String(repeating: "x", count: 400))', "
                + "'physical', 'dash', 1, 'DCG', 's-\(index)', 'Texas', 'Austin');"
        }.joined(separator: "\n")
        let database = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city)
                VALUES (1, 'Sync ATM', 'General Bytes', 1, 30.27, -97.74, 'Texas', 'Austin');
                \(rows)
                """, named: "big.db", in: scratch)
        var writer = ExploreArchiveWriter(timestamp: 3000)
        writer.compressionMethod = 0
        try writer.write(databaseAt: database, to: scratch.file("big.zip"))
        let size = SyncFixture.bytes(database).count
        let recorder = Recorder()
        guard case .imported = try importer.importFile(at: scratch.file("big.zip"), progress: recorder.handler) else {
            Issue.record("not imported")
            return
        }
        let reports = recorder.all
        #expect(reports.filter(\.isFinished).map(\.stage) == [.decrypt, .verify, .index])
        var seen: [SyncStage] = []
        for report in reports where seen.last != report.stage { seen.append(report.stage) }
        #expect(seen == [.decrypt, .verify, .index], "stages do not interleave")
        let decrypt = reports.filter { $0.stage == .decrypt }
        #expect(decrypt.first?.bytesDone == 0 && decrypt.first?.isFinished == false)
        #expect(decrypt.count >= 4, "progress while decrypting, not only start and end: \(decrypt.count)")
        #expect(decrypt.allSatisfy { $0.bytesTotal == size })
        #expect(zip(decrypt, decrypt.dropFirst()).allSatisfy { $0.bytesDone <= $1.bytesDone && $0.elapsed <= $1.elapsed })
        #expect(decrypt.last?.bytesDone == size && decrypt.last?.isFinished == true)
        #expect(reports.filter { $0.isFinished }.allSatisfy { $0.elapsed >= 0 })
    }

    @Test("A plain SQLite import reports copy, verify and index; a refused file never reports its failing stage finished")
    func plainStagesAndFailure() throws {
        let database = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: scratch)
        let recorder = Recorder()
        _ = try importer.importFile(at: database, progress: recorder.handler)
        #expect(recorder.all.filter(\.isFinished).map(\.stage) == [.copy, .verify, .index])
        #expect(recorder.all.first { $0.isFinished }?.bytesDone == SyncFixture.bytes(database).count)

        let empty = try SyncFixture.emptyDatabase(named: "empty.db", in: scratch)
        let failing = Recorder()
        #expect(throws: ExploreImportError.self) { try importer.importFile(at: empty, progress: failing.handler) }
        #expect(failing.all.filter(\.isFinished).map(\.stage) == [.copy, .verify], "index failed, so it never finished")
        #expect(failing.all.contains { $0.stage == .index && !$0.isFinished })
    }
}
