import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

/// `-v` prints the library's events on stderr for `search`, `db info` and `sync` as it does for `show`:
/// which explore database was opened (its schema, its name index, its integrity check), the search's plan
/// and how many merchants matched, what `db info` counted, and for `sync` each request, the metadata read,
/// a download skipped as unchanged, started, continued, its bytes, each stage and what was installed.
@Suite("-v prints what search, db info and sync did", hangGuard(minutes: 10))
struct VerboseEventTests {
    /// The events of a run: stderr's `merchant-lookup: [kind] ...` lines, without the prefix.
    static func events(_ result: CLIProcess.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).compactMap { line in
            line.hasPrefix("merchant-lookup: [") ? String(line.dropFirst("merchant-lookup: ".count)) : nil
        }
    }

    @Test("search -v: the database opened, the plan (FTS or folded names), the merchants matched; none without -v")
    func searchOnTheSample() async throws {
        let result = try await CLIProcess.run(["search", "home", "-v", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let total = try #require(try result.json()["total"] as? Int)
        let events = Self.events(result)
        #expect(
            events.contains {
                $0.hasPrefix(
                    "[note] explore database embedded sample: schema v4 (user_version 4), names searched through FTS4 (merchant_fts); nothing was synced to "
                )
            }, "\(result.stderr)")
        let search = try #require(events.first { $0.hasPrefix("[note] search: ") }, "\(result.stderr)")
        #expect(search.contains("name through merchant_fts MATCH \"home*\" or a folded word"), "\(search)")
        #expect(search.contains("; by name; rows 1-100; "), "\(search)")
        #expect(search.contains(total == 1 ? "; 1 merchant matches, 1 on this page" : "; \(total) merchants match"), "\(search)")

        let quiet = try await CLIProcess.run(["search", "home", "--json"])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test("search -v on a file without merchant_fts: LIKE and folded names, and its integrity check once")
    func searchWithoutIndex() async throws {
        let directory = try ScratchDirectory()
        let file = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (merchantId, name, type, paymentMethod, active, source, sourceId, savingsPercentage)
                VALUES ('cafe-1', 'Café Noir', 'online', 'gift card', 1, 'CTX', 'cafe-1', 500),
                    ('tea-1', 'Tea Room', 'online', 'gift card', 1, 'CTX', 'tea-1', 300);
                INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active,
                    denominationsType)
                VALUES ('cafe-1', 'CTX', 'cafe-1', 'barcode', 500, 1, 'fixed'),
                    ('tea-1', 'CTX', 'tea-1', 'barcode', 300, 1, 'fixed');
                DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_UPDATE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_DELETE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_UPDATE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_INSERT;
                DROP TABLE merchant_fts;
                """, in: directory)
        let home = directory.file("home")
        let first = try await CLIProcess.run(["--db", file, "search", "cafe", "--type", "online", "-v"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Café Noir") && !first.stdout.contains("Tea Room"), "\(first.stdout)")
        let events = Self.events(first)
        #expect(
            events.contains {
                $0.hasPrefix("[note] explore database \(file): schema v4 (user_version ")
                    && $0.contains("names searched with LIKE (no merchant_fts); integrity checked (quick_check)")
            }, "\(first.stderr)")
        let search = try #require(events.first { $0.hasPrefix("[note] search: ") }, "\(first.stderr)")
        #expect(
            search.contains(
                "name LIKE %cafe% or a folded word (no accents, any case) starting with \"cafe\" (no merchant_fts); "
                    + "type in (both, online)"), "\(search)")
        #expect(search.contains("; 1 merchant matches, 1 on this page"), "\(search)")

        // The check is remembered for this version of the file.
        let second = try await CLIProcess.run(["--db", file, "search", "cafe", "-v"], home: home)
        #expect(second.stderr.contains("integrity checked before (this version of the file passed)"), "\(second.stderr)")
    }

    @Test("db info -v: the database opened and what was counted, as the answer says")
    func databaseInfo() async throws {
        let json = try await CLIProcess.run(["db", "info", "--json"])
        let rows = try #require(try json.json()["merchantRows"] as? Int)
        let atms = try #require(try json.json()["atms"] as? Int)
        let result = try await CLIProcess.run(["db", "info", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = Self.events(result)
        #expect(events.contains { $0.hasPrefix("[note] explore database embedded sample: schema v4") }, "\(result.stderr)")
        #expect(
            events.contains {
                $0.hasPrefix("[note] counted \(rows) merchant rows, ") && $0.contains("and \(atms) ATMs in embedded sample")
            },
            "\(result.stderr)")
        let quiet = try await CLIProcess.run(["db", "info"])
        #expect(Self.events(quiet).isEmpty, "\(quiet.stderr)")
    }

    @Test("sync -v from a file: each stage, what was installed; again, why nothing was")
    func syncFromFile() async throws {
        let directory = try ScratchDirectory()
        let home = directory.file("home")
        let archive = FixtureDatabase.packageRoot + "/Fixtures/Sync/golden/good-ae1.zip"
        let first = try await CLIProcess.run(["sync", "--from", archive, "-v"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        let events = Self.events(first)
        #expect(
            events.contains { $0.hasPrefix("[note] sync stage decrypt+inflate done: ") && $0.contains(" bytes (") },
            "\(first.stderr)")
        #expect(events.contains { $0.hasPrefix("[note] sync stage verify done (") }, "\(first.stderr)")
        #expect(events.contains { $0.hasPrefix("[note] sync stage index done (") }, "\(first.stderr)")
        #expect(
            events.contains {
                $0.hasPrefix("[note] installed \(archive) as \(home)/mainnet/explore.db: schema v4, 3 merchants, 1 ATMs, ")
            }, "\(first.stderr)")

        let again = try await CLIProcess.run(["sync", "--from", archive, "-v"], home: home)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            Self.events(again) == [
                "[note] not installing \(archive): its data (1750000000000) is not newer than the installed data's (1750000000000)"
            ], "\(again.stderr)")

        let quiet = try await CLIProcess.run(["sync", "--from", archive, "--force"], home: home)
        #expect(quiet.status == 0 && Self.events(quiet).isEmpty, "\(quiet.stderr)")
    }

    @Test("sync -v from the network: requests, metadata, download, unchanged next time, continued after a stall")
    func syncFromNetwork() async throws {
        let fixture = try StorageFixture()
        let storage = ["DASHSPEND_STORAGE_URL": fixture.server.baseURL]
        let object = try fixture.publish(merchant: "Verbose Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        let source = fixture.gsSource

        let first = try await CLIProcess.run(["sync", "-v"], home: fixture.home, environment: storage, timeout: 60)
        #expect(first.status == 0, "\(first.stderr)")
        let events = Self.events(first)
        #expect(
            events.contains { $0.hasPrefix("[request] GET \(fixture.server.baseURL)/") && $0.contains(" → 200 (") },
            "\(first.stderr)")
        #expect(
            events.contains { $0 == "[note] metadata of \(source): \(size) bytes, Data-Timestamp 1700000000000, generation 1" },
            "\(first.stderr)")
        #expect(events.contains { $0.hasPrefix("[note] downloading \(source) (\(size) bytes) to ") }, "\(first.stderr)")
        #expect(
            events.contains { $0.hasPrefix("[request] GET ") && $0.contains(" bytes=0-") && $0.contains(", \(size) bytes (") },
            "\(first.stderr)")
        #expect(events.contains { $0 == "[note] downloaded \(source): \(size) bytes" }, "\(first.stderr)")
        #expect(events.contains { $0.hasPrefix("[note] installed \(source) as ") }, "\(first.stderr)")

        let unchanged = try await CLIProcess.run(["sync", "-v"], home: fixture.home, environment: storage, timeout: 60)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(
            Self.events(unchanged).contains {
                $0
                    == "[note] not downloading \(source): its Data-Timestamp 1700000000000 is not newer than the installed data's 1700000000000"
            }, "\(unchanged.stderr)")
        #expect(!Self.events(unchanged).contains { $0.hasPrefix("[note] downloading") }, "\(unchanged.stderr)")
        #expect(fixture.server.mediaRequests.count == 1)

        // Half of a newer object, then silence past the stall limit (`--timeout` 5 s, a hang guard far above the
        // loopback work before it); the next sync continues from the byte it stopped at.
        let newer = try fixture.publish(merchant: "Verbose Bakery 2", timestamp: 1_700_000_100_000, generation: 2)
        let newSize = Int(try FileManager.default.attributesOfItem(atPath: newer.file)[.size] as! UInt64)
        fixture.server.inject(.stallMedia(afterBytes: newSize / 2, seconds: 60))
        let stalled = try await CLIProcess.run(
            ["sync", "--timeout", "5"], home: fixture.home, environment: storage, timeout: 60)
        #expect(stalled.status == 75, "\(stalled.stderr)")
        let resumed = try await CLIProcess.run(["sync", "-v"], home: fixture.home, environment: storage, timeout: 60)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let continued = Self.events(resumed)
        #expect(
            continued.contains {
                $0.hasPrefix("[note] continuing the download of \(source) at byte \(newSize / 2) of \(newSize) bytes")
            },
            "\(resumed.stderr)")
        #expect(
            continued.contains {
                $0 == "[note] downloaded \(source): \(newSize) bytes, \(newSize - newSize / 2) of them this time"
            },
            "\(resumed.stderr)")
    }
}
