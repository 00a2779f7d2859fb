import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendSync

/// Error paths of `sync` that only a damaged disk or an odd file reaches: a source that cannot be read to
/// its end, and SQLite refusing the install step. Each must fail with its own error and keep the database in
/// place as it was.
@Suite("sync: read errors and SQLite errors")
struct SyncErrorPathTests {
    let scratch: ScratchDirectory
    let importer: ExploreImporter

    init() throws {
        scratch = try ScratchDirectory(prefix: "sync-errors")
        importer = ExploreImporter(directory: scratch.file("state/mainnet"))
    }

    /// Installs a first database, "Kept Bakery", and returns its bytes.
    func installFirst() throws -> [UInt8] {
        let first = try SyncFixture.database(named: "first.db", merchant: "Kept Bakery", in: scratch)
        guard case .imported = try importer.importFile(at: first) else {
            Issue.record("the first import did not happen")
            return []
        }
        return SyncFixture.bytes(importer.databasePath)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: importer.directory).filter { $0.contains("staging") }
    }

    @Test("A source that gets shorter while it is read is a read error naming the file")
    func sourceShortenedWhileRead() throws {
        let path = scratch.file("shrinking.zip")
        try SyncFixture.write([UInt8](repeating: 0x5A, count: 3 * SourceFile.chunkSize), to: path)
        let file = try SourceFile(path: path, maximumSize: .max)
        // The size was taken when the file was opened; now it loses two thirds (a download being replaced).
        #expect(truncate(path, off_t(SourceFile.chunkSize)) == 0)
        var chunks = 0
        var caught: ExploreImportError?
        do throws(ExploreImportError) {
            try file.forEachChunk(in: 0..<file.size) { _ in chunks += 1 }
        } catch {
            caught = error
        }
        #expect(chunks == 1, "the first chunk was still whole")
        #expect(caught == .sourceUnreadable(path: path, reason: "it became shorter while it was read"))
    }

    @Test("An SQLite error while the import adds its indexes refuses the file and keeps the database")
    func sqliteErrorDuringInstall() throws {
        let before = try installFirst()
        // A table with the name of the index the import adds: CREATE INDEX fails in SQLite itself, after
        // the file passed every check before it.
        let path = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId)
                VALUES (1, 'clash-1', 'Clash Bakery', 'physical', 'dash', 1, 'DCG', 'clash-1');
                INSERT INTO atm (id, name, manufacturer, active) VALUES (1, 'Clash ATM', 'General Bytes', 1);
                CREATE TABLE dashspend_merchant_merchantId (x);
                """, named: "clash.db", in: scratch)
        var caught: ExploreImportError?
        do throws(ExploreImportError) {
            let outcome = try importer.importFile(at: path, force: true)
            Issue.record("imported: \(outcome)")
        } catch {
            caught = error
        }
        guard case .notExploreDatabase(let source, let reason)? = caught else {
            Issue.record("expected notExploreDatabase, got \(String(describing: caught))")
            return
        }
        #expect(source == path)
        #expect(reason.contains("dashspend_merchant_merchantId"), "SQLite's own message: \(reason)")
        #expect(SyncFixture.bytes(importer.databasePath) == before, "the database in place is untouched")
        #expect(try leftovers().isEmpty)
        #expect(try SyncFixture.lookupIndexes(path).isEmpty, "the source is never written")
    }
}
