import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("The SQLite offer store keeps one answer per merchant in a migrated file, and refuses a newer one")
struct OfferStoreTests {
    let scratch: ScratchDirectory
    let path: String

    init() throws {
        scratch = try ScratchDirectory(prefix: "offer-store")
        path = scratch.file("offers.sqlite")
    }

    func answer(_ sourceId: String, discount: Int, at seconds: TimeInterval) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: .ctx, sourceId: sourceId, name: "Shop \(sourceId)", enabled: true, discountBasisPoints: discount,
            denominationsType: .flexible, denominations: nil, fetchedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test("Saved answers load back; a newer answer replaces the old one; the migration is recorded")
    func roundTrip() throws {
        let cache = try SQLiteOfferCache(path: path)
        try cache.save(answer("a", discount: 100, at: 1_000))
        try cache.save(answer("a", discount: 250, at: 2_000))
        try cache.save(answer("b", discount: 300, at: 3_000))
        #expect(try cache.load(.ctx, sourceId: "a") == answer("a", discount: 250, at: 2_000))
        #expect(try SQLiteOfferCache(path: path).load(.ctx, sourceId: "b") == answer("b", discount: 300, at: 3_000))
        #expect(try cache.load(.ctx, sourceId: "c") == nil)
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try connection.fetchAll("SELECT name FROM dashspend_migrations") { $0.text("name") } == ["1-provider-answer"])
        #expect(try connection.fetchOne("SELECT COUNT(*) AS n FROM provider_answer") { $0.integer("n") } == 2)
    }

    @Test("A file from before the migrator keeps its answers")
    func earlierFile() throws {
        let stored = answer("old", discount: 500, at: 4_000)
        let body = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(
            """
            CREATE TABLE provider_answer (
                provider TEXT NOT NULL, sourceId TEXT NOT NULL, fetchedAt REAL NOT NULL, body TEXT NOT NULL,
                PRIMARY KEY (provider, sourceId));
            """)
        try connection.execute("INSERT INTO provider_answer VALUES (?1, ?2, ?3, ?4)", ["ctx", "old", 4_000.0, .text(body)])
        #expect(try SQLiteOfferCache(path: path).load(.ctx, sourceId: "old") == stored)
    }

    @Test("A file written by a newer version is refused with a distinct error")
    func newerFile() throws {
        _ = try SQLiteOfferCache(path: path)
        try SQLiteConnection(path: path, mode: .readWrite).execute(
            "INSERT INTO dashspend_migrations (name, applied_at) VALUES (?1, 'later')", ["2-from-the-future"])
        let error = try #require(throws: SQLiteError.self) { try SQLiteOfferCache(path: path) }
        #expect(error.isNewerSchema)
        #expect(error.unknownMigrations == ["2-from-the-future"])
    }
}
