import DashSpend
import DashSpendCore
import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// The offer store is a state file like the credentials: private, and never a FIFO or device.
@Suite("The offer cache file is readable by its owner only")
struct OfferCacheFileTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory(prefix: "offer-cache")
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func details(_ id: String) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: .ctx, sourceId: id, enabled: true, discountBasisPoints: 150, denominationsType: nil,
            denominations: nil, fetchedAt: Date(timeIntervalSince1970: 1_750_000_000))
    }

    @Test("The store and its journal are 0600 with the usual umask 022, and an old 0644 store is tightened")
    func privateModes() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let path = scratch.file("state.db")
        let cache = try SQLiteOfferCache(path: path)
        try cache.save(details("m1"))
        #expect(mode(path) == 0o600, "store mode \(String(mode(path), radix: 8))")
        #expect(try cache.load(.ctx, sourceId: "m1")?.discountBasisPoints == 150)

        // A write transaction left open shows the journal SQLite creates beside the store.
        let writer = try SQLiteConnection(path: path, mode: .readWrite)
        try writer.execute(
            "BEGIN IMMEDIATE; INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('x', 'mainnet', 'y', 0, '{}');"
        )
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
        #expect(mode(path + "-journal") == 0o600, "journal mode \(String(mode(path + "-journal"), radix: 8))")
        try writer.execute("ROLLBACK")

        let old = scratch.file("old.sqlite")
        #expect(FileManager.default.createFile(atPath: old, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try SQLiteOfferCache(path: old)
        #expect(mode(old) == 0o600)
    }

    @Test("A stored answer another process rewrote is read anew: the file is read on every load, not a memory")
    func rewrittenElsewhereIsReadAnew() throws {
        let path = scratch.file("state.db")
        let reader = try SQLiteOfferCache(path: path)
        try reader.save(details("m1"))
        #expect(try reader.load(.ctx, sourceId: "m1")?.discountBasisPoints == 150)
        #expect(try reader.load(.ctx, sourceId: "m1")?.discountBasisPoints == 150)  // read again, unchanged

        // Another writer (a second cache on the same file: another process) stores a newer answer.
        let newer = ProviderMerchantDetails(
            provider: .ctx, sourceId: "m1", enabled: false, discountBasisPoints: 425, denominationsType: nil,
            denominations: nil, fetchedAt: Date(timeIntervalSince1970: 1_750_000_100))
        try SQLiteOfferCache(path: path).save(newer)
        let read = try reader.load(.ctx, sourceId: "m1")
        #expect(read?.discountBasisPoints == 425)
        #expect(read?.enabled == false)
        #expect(read?.fetchedAt == newer.fetchedAt)

        // And a row edited by hand into something that is not an answer is reported, not the old decoding.
        let writer = try SQLiteConnection(path: path, mode: .readWrite)
        try writer.execute("UPDATE provider_answer SET offer = '{\"not\": \"an answer\"}' WHERE sourceId = 'm1'")
        #expect(throws: SQLiteError.self) { try reader.load(.ctx, sourceId: "m1") }
    }
}
