import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

/// `merchant-lookup sync --from FILE`, end to end.
@Suite("merchant-lookup sync installs a newer database and keeps the old one on any failure", hangGuard(minutes: 5))
struct SyncCommandTests {
    let scratch: ScratchDirectory
    let home: String

    init() throws {
        scratch = try ScratchDirectory(prefix: "cli-sync")
        home = scratch.file("home")
    }

    func zip(_ merchant: String, timestamp: Int64, named name: String) throws -> String {
        let database = try SyncFixture.database(named: name + ".db", merchant: merchant, in: scratch)
        try ExploreArchiveWriter(timestamp: timestamp).write(databaseAt: database, to: scratch.file(name))
        return scratch.file(name)
    }

    func search(_ network: String = "mainnet") async throws -> String {
        try await CLIProcess.run(["search", "Bakery", "--offline", "--network", network], home: home).stdout
    }

    @Test("A synced ZIP becomes the database search and db info use; again is up to date; --force re-imports")
    func syncThenUse() async throws {
        let first = try zip("Synced Bakery", timestamp: 1_700_000_000_000, named: "explore.zip")
        let result = try await CLIProcess.run(["sync", "--from", first], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        // Not a terminal: one line per finished stage, nothing else.
        #expect(result.stderrFirstWords == ["decrypt+inflate", "verify", "index"], "\(result.stderr)")
        let path = home + "/mainnet/explore.db"
        #expect(result.stdout.contains("path:            \(path)"))
        #expect(result.stdout.contains("schema version:  v4"))
        #expect(result.stdout.contains("merchants:       1 merchantIds"))
        #expect(result.stdout.contains("1700000000000"))

        #expect(try await search().contains("Synced Bakery"))
        let info = try await CLIProcess.run(["db", "info", "--json"], home: home)
        #expect(try info.json()["path"] as? String == path)

        let again = try await CLIProcess.run(["sync", "--from", first], home: home)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("already up to date"), "\(again.stdout)")

        let same = try zip("Forced Bakery", timestamp: 1_700_000_000_000, named: "same.zip")
        let upToDate = try await CLIProcess.run(["sync", "--from", same, "--json"], home: home)
        #expect(try upToDate.json()["status"] as? String == "upToDate")
        #expect(try await search().contains("Synced Bakery"))

        let forced = try await CLIProcess.run(["sync", "--from", same, "--force", "--json"], home: home)
        #expect(forced.status == 0, "\(forced.stderr)")
        let json = try forced.json()
        #expect(json["status"] as? String == "imported")
        #expect(json["path"] as? String == path)
        #expect(json["version"] as? Int == 4)
        #expect(json["merchants"] as? Int == 1)
        #expect(json["dataTimestamp"] as? Int == 1_700_000_000_000)
        #expect(try await search().contains("Forced Bakery"))

        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".meta.json")))
        #expect((metadata as? [String: Any])?["source"] as? String == "same.zip")
    }

    @Test("Testnet has its own database")
    func testnet() async throws {
        let mainnet = try zip("Mainnet Bakery", timestamp: 2000, named: "main.zip")
        let testnet = try zip("Testnet Bakery", timestamp: 1000, named: "test.zip")
        #expect(try await CLIProcess.run(["sync", "--from", mainnet], home: home).status == 0)
        let result = try await CLIProcess.run(["sync", "--from", testnet, "--network", "testnet"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(home + "/testnet/explore.db"))
        #expect(try await search("mainnet").contains("Mainnet Bakery"))
        #expect(try await search("testnet").contains("Testnet Bakery"))
        #expect(!(try await search("testnet").contains("Mainnet Bakery")))
    }

    @Test("A plain explore file is imported every time")
    func plainFile() async throws {
        let database = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: scratch)
        for _ in 0..<2 {
            let result = try await CLIProcess.run(["sync", "--from", database], home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("none (plain SQLite file)"))
        }
        #expect(try await search().contains("Plain Bakery"))
    }

    @Test("Every bad file exits 65 with one line and leaves the synced database byte-identical")
    func failures() async throws {
        let first = try zip("Synced Bakery", timestamp: 1000, named: "first.zip")
        #expect(try await CLIProcess.run(["sync", "--from", first], home: home).status == 0)
        let path = home + "/mainnet/explore.db"
        let before = SyncFixture.bytes(path)
        let metadataBefore = SyncFixture.bytes(path + ".meta.json")

        let goodDatabase = try SyncFixture.database(named: "good.db", merchant: "Good Bakery", in: scratch)
        let good = SyncFixture.bytes(goodDatabase)
        let newer = try ExploreArchiveWriter(timestamp: 5000).archive(of: good)
        var tampered = newer
        tampered[80] ^= 0x01  // in the ciphertext (the payload starts at 51: 16 salt, 2 verifier)
        var tamperedOld = try ExploreArchiveWriter(timestamp: 1000).archive(of: good)
        tamperedOld[80] ^= 0x01
        var wrongChecksum = ExploreArchiveWriter(timestamp: 5000)
        wrongChecksum.comment = "5000#deadbeef"
        var wrongButConsistent = wrongChecksum
        wrongButConsistent.password = "deadbeef"
        let notExplore = try SyncFixture.nonExploreDatabase(named: "plain.sqlite", in: scratch)

        let cases: [(String, [UInt8], String, [String])] = [
            ("tampered.zip", tampered, "HMAC", []),
            ("truncated.zip", Array(newer.prefix(newer.count - 30)), "ZIP", []),
            ("half.zip", Array(newer.prefix(newer.count / 2)), "cut short", []),
            ("wrong-checksum.zip", try wrongChecksum.archive(of: good), "password verifier", []),
            ("wrong-crc.zip", try wrongButConsistent.archive(of: good), "CRC-32C", ["--strict"]),
            ("empty.zip", [], "empty", []),
            ("not-explore.db", SyncFixture.bytes(notExplore), "no merchant table", []),
            ("random.bin", Array(repeating: 0x42, count: 100), "neither", []),
            // Not newer than what is synced, but damaged: the damage is reported, not "already up to date".
            ("tampered-old.zip", tamperedOld, "HMAC", []),
        ]
        for (name, bytes, text, options) in cases {
            let source = scratch.file(name)
            try SyncFixture.write(bytes, to: source)
            let result = try await CLIProcess.run(["sync", "--from", source] + options, home: home)
            #expect(result.status == 65, "\(name): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name)")
            // The stages that finished before the failure, one line each, then the error on one line.
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("merchant-lookup: ") }.count == 1, "\(name): \(result.stderr)")
            #expect(lines.last?.hasPrefix("merchant-lookup: ") == true, "\(name): \(result.stderr)")
            #expect(
                lines.dropLast().allSatisfy { ["decrypt+inflate", "copy"].contains($0.split(separator: " ").first ?? "") },
                "\(name): \(result.stderr)")
            #expect(result.stderr.contains(text), "\(name): \(result.stderr)")
            #expect(result.stderr.contains("kept \(path) as it was"), "\(name): \(result.stderr)")
            // What to do is the hint's to say, once (the library's messages say what happened).
            #expect(result.stderr.components(separatedBy: "again").count <= 2, "\(name): \(result.stderr)")
            #expect(SyncFixture.bytes(path) == before, "\(name): the database changed")
            #expect(SyncFixture.bytes(path + ".meta.json") == metadataBefore, "\(name): the metadata changed")
            #expect(SyncFixture.bytes(source) == bytes, "\(name): the source was written")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home + "/mainnet").sorted()
        #expect(leftovers == [".sync.lock", "explore.db", "explore.db.meta.json"])
        #expect(try await search().contains("Synced Bakery"))
    }

    @Test("A state folder that cannot be written exits 73, and never says kept once the database was replaced")
    func cannotWrite() async throws {
        let first = try zip("Synced Bakery", timestamp: 1000, named: "first.zip")
        #expect(try await CLIProcess.run(["sync", "--from", first], home: home).status == 0)
        let path = home + "/mainnet/explore.db"

        // The metadata path is a folder: the database is replaced, its metadata cannot follow.
        try FileManager.default.removeItem(atPath: path + ".meta.json")
        try FileManager.default.createDirectory(atPath: path + ".meta.json", withIntermediateDirectories: false)
        let second = try zip("Second Bakery", timestamp: 2000, named: "second.zip")
        let result = try await CLIProcess.run(["sync", "--from", second], home: home)
        #expect(result.status == 73, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("imported \(path)"), "\(result.stderr)")
        #expect(!result.stderr.contains("kept"), "\(result.stderr)")
        #expect(try await search().contains("Second Bakery"))
        try FileManager.default.removeItem(atPath: path + ".meta.json")

        // A network folder others can write to is refused before anything happens.
        #expect(chmod(home + "/mainnet", 0o777) == 0)
        let third = try zip("Third Bakery", timestamp: 3000, named: "third.zip")
        let unsafe = try await CLIProcess.run(["sync", "--from", third], home: home)
        #expect(unsafe.status == 73, "\(unsafe.status) \(unsafe.stderr)")
        #expect(unsafe.stderr.contains("kept \(path) as it was"), "\(unsafe.stderr)")
        #expect(try await search().contains("Second Bakery"))
    }

    @Test("No --from fetches the network's default object (here from a closed port: 69), a missing file is 66")
    func usage() async throws {
        let closed = try ClosedLoopbackPort()
        let bare = try await CLIProcess.run(
            ["sync"], home: home, environment: ["DASHSPEND_STORAGE_URL": "http://127.0.0.1:\(closed.port)"], timeout: 60)
        #expect(bare.status == 69, "\(bare.stderr)")
        #expect(bare.stderr.contains("could not reach 127.0.0.1:\(closed.port)"), "\(bare.stderr)")
        let missing = try await CLIProcess.run(["sync", "--from", scratch.file("nope.zip")], home: home)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.zip"))
        #expect(try await CLIProcess.run(["search", "--force"], home: home).status == 64)
    }
}
