import DashSpendCore
import DashSpendExplore
import DashSpendSQLite
import DashSpendSample
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Bad files are rejected with a reason; good files are never touched")
struct DatabaseFileTests {
    let directory: ScratchDirectory

    init() throws { directory = try ScratchDirectory() }

    func openError(_ path: String) -> ExploreDatabaseError? {
        do {
            _ = try ExploreDatabase(path: path)
            return nil
        } catch {
            return error
        }
    }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A missing file")
    func missing() {
        let path = directory.file("nope.db")
        #expect(openError(path) == .fileMissing(path: path))
    }

    @Test("The downloaded ZIP is recognised, and the library's message names no command (the CLI adds the hint)")
    func zipArchive() throws {
        let path = try write([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 7, count: 200), to: "explore-v4.db")
        let error = try #require(openError(path))
        #expect(error == .encryptedArchive(path: path))
        #expect(error.description.contains("looks like the downloaded ZIP"))
        #expect(!error.description.contains("merchant-lookup") && !error.description.contains("--"))
    }

    @Test("Not SQLite: text, empty")
    func notSQLite() throws {
        let text = try write(Array("hello, this is not a database at all".utf8), to: "text.db")
        #expect(openError(text) == .notSQLite(path: text))
        let empty = try write([], to: "empty.db")
        #expect(openError(empty) == .notSQLite(path: empty))
    }

    @Test("A directory is said to be one, and an empty path to be empty (issue 27), not a damaged file")
    func directoryAndEmptyPath() throws {
        #expect(openError(directory.path) == .directory(path: directory.path))
        #expect(openError(directory.path)?.description == "\(directory.path) is a directory, not an explore database file")
        #expect(openError("") == .emptyPath)
        #expect(openError("")?.description == "no explore database at an empty path")
    }

    @Test("A truncated file is caught from its header before SQLite reads it")
    func truncated() throws {
        let whole = try ExploreFixtures.make(version: 4, in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = try write(Array(bytes.prefix(bytes.count / 2)), to: "half.db")
        guard case .truncated(_, let expected, let actual) = openError(path) else {
            Issue.record("a half file must be reported as truncated")
            return
        }
        #expect(expected == bytes.count)
        #expect(actual == bytes.count / 2)
    }

    @Test("SQLite without a merchant table")
    func notExplore() throws {
        let path = directory.file("other.db")
        try SQLiteConnection(path: path, mode: .readWrite).execute("CREATE TABLE notes (body TEXT);")
        guard case .notExploreDatabase = openError(path) else {
            Issue.record("a database without merchant must be rejected")
            return
        }
    }

    @Test("Damaged pages are reported as damage, not a crash")
    func damagedPages() throws {
        let whole = try ExploreFixtures.make(version: 4, in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        // Keep the 100-byte header, scramble everything after the first page's header area.
        var generator = SplitMix64(seed: 42)
        for index in 100..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        let path = try write(bytes, to: "scrambled.db")
        do {
            let database = try ExploreDatabase(path: path)
            _ = try database.search(MerchantSearch(text: "home"))
            Issue.record("a scrambled file must not read as a database")
        } catch .corrupt, .notExploreDatabase {
            // Expected: a clear error.
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("A WAL-mode file is read without creating -wal or -shm files or changing a byte")
    func neverTouched() throws {
        let path = try FixtureDatabase.make(version: 4, rows: ExploreFixtures.v4Rows, named: "wal.db", in: directory)
        try SQLiteConnection(path: path, mode: .readWrite).execute("PRAGMA journal_mode = WAL;")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before[18] == 2 && before[19] == 2, "the fixture is in WAL mode, as shipped files are")
        let database = try ExploreDatabase(path: path)
        _ = try database.search(MerchantSearch(text: "home"))
        _ = try database.merchant(id: "uuid-home")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("The embedded sample opens and is a realistic v4 file")
    func embeddedSample() throws {
        let sample = try ExploreDatabase(bytes: EmbeddedSampleDatabase.bytes, origin: "embedded sample")
        #expect(sample.schema.version == 4)
        let everything = try sample.search(MerchantSearch(limit: 1000, includeURLRedeem: true))
        #expect(everything.merchants.count >= 30)
        #expect(everything.merchants.contains { $0.paymentMethod == .dash })
        guard case .found(let amazon) = try sample.merchant(id: "a1b2c3d4-0006-4000-8000-000000000006") else {
            Issue.record("the sample's Amazon is missing")
            return
        }
        #expect(
            amazon.providers.contains { ($0.savingsPercentage ?? 0) < 0 } == GiftCardProvider.allCases.contains { $0 != .ctx },
            "a negative discount (a fee) on the PiggyCards row")
    }
}
