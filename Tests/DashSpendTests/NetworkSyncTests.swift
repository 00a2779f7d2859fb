import DashSpend
import DashSpendCore
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

/// `DashSpendClient.sync(_:)` from a storage service on loopback: update check, streamed download, resume,
/// and every failure the issue lists, each leaving the installed database as it was.
@Suite("Network sync: storage REST, update check, resume, failures", hangGuard(minutes: 5))
struct NetworkSyncTests {
    let fixture: StorageFixture

    init() throws {
        fixture = try StorageFixture()
    }

    var source: SyncSource { SyncSource(parsing: fixture.gsSource) }

    func merchants(_ client: DashSpendClient) throws -> [String] {
        try SyncFixture.contents(client.configuration.installedDatabasePath).split(separator: "\n").map(String.init)
    }

    @Test("A gs:// object is read through the REST shape, installed, then up to date without a media request")
    func installsThenUpToDate() async throws {
        try fixture.publish(merchant: "Network Bakery", timestamp: 1_700_000_000_000)
        let client = try fixture.client()
        let report = try await client.sync(source)
        #expect(report.updated)
        #expect(report.source == fixture.gsSource)
        #expect(report.dataTimestamp == 1_700_000_000_000)
        #expect(try SyncFixture.contents(report.path).contains("Network Bakery"))
        let metadata = try #require(fixture.server.metadataRequests.first)
        #expect(metadata.path == "/v0/b/dash-wallet-firebase.appspot.com/o/explore%2Fexplore-v4.db")
        #expect(fixture.server.mediaRequests.count == 1)
        // The download folder holds nothing once imported but the record of the version installed.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.home + "/mainnet/download")
        #expect(leftovers == ["installed.json"], "\(leftovers)")

        let again = try await client.sync(source)
        #expect(!again.updated)
        #expect(again.incomingTimestamp == 1_700_000_000_000)
        #expect(fixture.server.mediaRequests.count == 1, "up to date: no media request")

        let forced = try await client.sync(source, force: true)
        #expect(forced.updated)
        #expect(fixture.server.mediaRequests.count == 2)

        try fixture.publish(merchant: "Newer Bakery", timestamp: 1_700_000_100_000, generation: 2)
        let check = try await client.checkForUpdate(source)
        #expect(check.updateAvailable)
        #expect(check.remoteTimestamp == 1_700_000_100_000)
        #expect(check.installedTimestamp == 1_700_000_000_000)
        #expect(fixture.server.mediaRequests.count == 2, "a check downloads nothing")
        let newer = try await client.sync(source)
        #expect(newer.updated)
        #expect(try SyncFixture.contents(newer.path).contains("Newer Bakery"))
        #expect(try await !client.checkForUpdate(source).updateAvailable)
    }

    @Test("A URL with the /v0/b/BUCKET/o/OBJECT shape is a storage object on any host; a plain URL uses ETag")
    func storageShapedAndPlainURLs() async throws {
        let object = try fixture.publish(merchant: "Mirror Bakery", timestamp: 1_700_000_000_000)
        let client = try fixture.client()
        let shaped = try await client.sync(.url(fixture.server.baseURL + object.path))
        #expect(shaped.updated)
        #expect(fixture.server.metadataRequests.count == 1)

        let plainHome = fixture.scratch.file("plain-home")
        let plain = try fixture.client(home: plainHome)
        let url = SyncSource.url(fixture.server.baseURL + object.plainPath)
        #expect(try await plain.sync(url).updated)
        #expect(try await !plain.checkForUpdate(url).updateAvailable)
        let again = try await plain.sync(url)
        #expect(!again.updated)
        let last = try #require(fixture.server.mediaRequests.last)
        #expect(last.headers["if-none-match"] == "\"1\"", "a conditional request for the installed version")
    }

    @Test("Interrupted half way, the next sync asks for the rest (Range, If-Range) and installs the same file")
    func resumesAfterDrop() async throws {
        let object = try fixture.publish(merchant: "Resumed Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        fixture.server.inject(.dropMedia(afterBytes: size / 2))
        let client = try fixture.client()
        let failure = await ClientFixture.failure { try await client.sync(source) }
        #expect(failure?.kind == .tryAgainLater, "\(failure?.message ?? "")")
        #expect(failure?.message.contains("the next sync continues it") == true, "\(failure?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: client.configuration.installedDatabasePath))
        let kept = fixture.home + "/mainnet/download/explore-v4.db"
        let partial = Int(try FileManager.default.attributesOfItem(atPath: kept)[.size] as! UInt64)
        #expect(partial > 0 && partial < size)

        let report = try await client.sync(source)
        #expect(report.updated)
        let resumed = try #require(fixture.server.mediaRequests.last)
        #expect(resumed.headers["range"] == "bytes=\(partial)-\(size - 1)")
        #expect(resumed.headers["if-range"] == "\"1\"")

        let whole = try fixture.client(home: fixture.scratch.file("whole-home"))
        let uninterrupted = try await whole.sync(source)
        #expect(uninterrupted.installedChecksum == report.installedChecksum)
        #expect(SyncFixture.bytes(uninterrupted.path) == SyncFixture.bytes(report.path))
    }

    @Test("A partial download of another version, or older than a day, is started over")
    func startsOverWhenStale() async throws {
        let first = try fixture.publish(merchant: "First Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: first.file)[.size] as! UInt64)
        fixture.server.inject(.dropMedia(afterBytes: size / 2))
        let client = try fixture.client()
        _ = await ClientFixture.failure { try await client.sync(source) }
        // A new generation: the part belongs to the old one.
        try fixture.publish(merchant: "Second Bakery", timestamp: 1_700_000_100_000, generation: 2)
        let report = try await client.sync(source)
        #expect(report.updated)
        #expect(fixture.server.mediaRequests.last?.headers["range"]?.hasPrefix("bytes=0-") == true)
        #expect(try SyncFixture.contents(report.path).contains("Second Bakery"))

        // Same version, but the part is two days old.
        let object = try fixture.publish(merchant: "Third Bakery", timestamp: 1_700_000_200_000, generation: 3)
        let thirdSize = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        fixture.server.inject(.dropMedia(afterBytes: thirdSize / 2))
        _ = await ClientFixture.failure { try await client.sync(source) }
        let later = try fixture.client(now: { Date().addingTimeInterval(2 * 86_400) })
        #expect(try await later.sync(source).updated)
        #expect(fixture.server.mediaRequests.last?.headers["range"]?.hasPrefix("bytes=0-") == true)
    }

    @Test("A partial download older than a day is removed even when the sync finds the data up to date")
    func stalePartialRemovedWhenUpToDate() async throws {
        let timestamp: Int64 = 1_700_000_000_000
        try fixture.publish(merchant: "Current Bakery", timestamp: timestamp)
        let client = try fixture.client()
        #expect(try await client.sync(source).updated)
        // A newer version is cut half way, then the bucket goes back to the installed one.
        let newer = try fixture.publish(merchant: "Withdrawn Bakery", timestamp: timestamp + 100_000, generation: 2)
        let size = Int(try FileManager.default.attributesOfItem(atPath: newer.file)[.size] as! UInt64)
        fixture.server.inject(.dropMedia(afterBytes: size / 2))
        _ = await ClientFixture.failure { try await client.sync(source) }
        let folder = fixture.home + "/mainnet/download"
        let partial = ["explore-v4.db", "partial.json"]
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)).isSuperset(of: partial))
        try fixture.publish(merchant: "Current Bakery", timestamp: timestamp, generation: 3)

        // Up to date today: the part is young, and kept.
        #expect(try await client.sync(source).updated == false)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)).isSuperset(of: partial))
        // Up to date two days later: the part is stale, and removed.
        let later = try fixture.client(now: { Date().addingTimeInterval(2 * 86_400) })
        #expect(try await later.sync(source).updated == false)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(Set(left).isDisjoint(with: partial), "\(left)")
    }

    @Test("A plain URL whose version changed answers 200 to If-Range: the download starts over")
    func ifRangeMismatchStartsOver() async throws {
        let object = try fixture.publish(merchant: "Plain Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        fixture.server.inject(.dropMedia(afterBytes: size / 2))
        let client = try fixture.client()
        let url = SyncSource.url(fixture.server.baseURL + object.plainPath)
        _ = await ClientFixture.failure { try await client.sync(url) }
        try fixture.publish(merchant: "Changed Bakery", timestamp: 1_700_000_100_000, generation: 2)
        let report = try await client.sync(url)
        #expect(report.updated)
        let last = try #require(fixture.server.mediaRequests.last)
        #expect(last.headers["range"] != nil)
        #expect(last.headers["if-range"] == "\"1\"")
        #expect(try SyncFixture.contents(report.path).contains("Changed Bakery"))
    }

    @Test("Refusals, missing objects, waits and server failures map to their kinds; the database is kept")
    func httpFailures() async throws {
        try fixture.publish(merchant: "Kept Bakery", timestamp: 1_700_000_000_000)
        let client = try fixture.client()
        #expect(try await client.sync(source).updated)
        try fixture.publish(merchant: "Never Bakery", timestamp: 1_700_000_100_000, generation: 2)
        let before = SyncFixture.bytes(client.configuration.installedDatabasePath)

        for status in [401, 403] {
            fixture.server.inject(.metadataStatus(status, headers: [:]))
            let failure = await ClientFixture.failure { try await client.sync(source) }
            #expect(failure?.kind == .refused)
            #expect(failure?.cause == .storageAccessRefused)
            #expect(failure?.message.contains("refused anonymous access") == true, "\(failure?.message ?? "")")
            #expect(failure?.message.contains("--") == false, "library text names no option")
            // What happened, and nothing of what to do about it: the CLI's hint says that.
            #expect(failure?.message.hasSuffix("(HTTP \(status))") == true, "\(failure?.message ?? "")")
        }
        fixture.server.inject(.mediaStatus(404, headers: [:]))
        #expect(await ClientFixture.failure { try await client.sync(source) }?.kind == .missingInput)
        fixture.server.inject(.metadataStatus(429, headers: ["Retry-After": "120"]))
        let wait = await ClientFixture.failure { try await client.sync(source) }
        #expect(wait?.kind == .tryAgainLater)
        #expect(wait?.retryAfter == 120)
        fixture.server.inject(.mediaStatus(500, headers: [:]))
        #expect(await ClientFixture.failure { try await client.sync(source) }?.kind == .tryAgainLater)
        #expect(SyncFixture.bytes(client.configuration.installedDatabasePath) == before)

        let unknown = await ClientFixture.failure { try await client.sync(.storageObject(bucket: "b", object: "none")) }
        #expect(unknown?.kind == .missingInput)
    }

    @Test("A redirect to another host is refused and nothing is sent there")
    func redirectElsewhere() async throws {
        let other = LoopbackStorageServer()
        try other.start()
        defer { other.stop() }
        try fixture.publish(merchant: "Redirect Bakery", timestamp: 1_700_000_000_000)
        let elsewhere = "http://localhost:\(other.http.port)/v0/b/x/o/y?alt=media"
        fixture.server.inject(.redirect(location: elsewhere), times: 2)
        let client = try fixture.client()
        let failure = await ClientFixture.failure { try await client.sync(source) }
        #expect(failure?.kind == .unavailable)
        #expect(failure?.message.contains("redirected") == true, "\(failure?.message ?? "")")
        #expect(other.http.receivedRequests.isEmpty)
    }

    @Test("A stalled download gives up after the stall limit and keeps its part")
    func stall() async throws {
        let object = try fixture.publish(merchant: "Stalled Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        // The server then keeps the connection silent for a minute: only the client's stall limit ends it
        // sooner, and the message says which limit did. The limit is 5 s, not 1: the bytes before the stall
        // must all arrive within it, and on a loaded machine their delivery can wait that long behind other
        // work. No bound on the time: it decided nothing the message does not.
        fixture.server.inject(.stallMedia(afterBytes: size / 3, seconds: 60))
        let client = try fixture.client(timeouts: HTTPDownloadTimeouts(connect: 60, stall: 5))
        let failure = await ClientFixture.failure { try await client.sync(source) }
        #expect(failure?.kind == .tryAgainLater)
        #expect(failure?.message.contains("no data for 5 seconds") == true, "\(failure?.message ?? "")")
        #expect(try await client.sync(source).updated)
        #expect(fixture.server.mediaRequests.last?.headers["range"] == "bytes=\(size / 3)-\(size - 1)")
    }

    @Test("A wrong size, or metadata that disagrees with the archive's comment, installs nothing")
    func badData() async throws {
        let client = try fixture.client()
        let object = try fixture.publish(merchant: "Sized Bakery", timestamp: 1_700_000_000_000, statedSize: 10)
        _ = object
        let sized = await ClientFixture.failure { try await client.sync(source) }
        #expect(sized?.kind == .badData)
        #expect(sized?.message.contains("not the 10 announced") == true, "\(sized?.message ?? "")")

        try fixture.publish(merchant: "Stamped Bakery", timestamp: 1_700_000_000_000, metadataTimestamp: 1_800_000_000_000)
        let stamped = await ClientFixture.failure { try await client.sync(source) }
        #expect(stamped?.kind == .badData)
        #expect(stamped?.message.contains("Data-Timestamp") == true, "\(stamped?.message ?? "")")

        try fixture.publish(merchant: "Summed Bakery", timestamp: 1_700_000_000_000, metadataChecksum: "1234abcd")
        let summed = await ClientFixture.failure { try await client.sync(source) }
        #expect(summed?.kind == .badData)
        #expect(summed?.message.contains("Data-Checksum") == true, "\(summed?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: client.configuration.installedDatabasePath))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.home + "/mainnet/download")
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("No server: could not reach HOST; plain http to another host is refused before any request")
    func unreachableAndInsecure() async throws {
        let closed = try ClosedLoopbackPort()
        var configuration = DashSpendConfiguration(stateDirectory: fixture.home, timeout: 5)
        configuration.storageBaseURL = "http://127.0.0.1:\(closed.port)"
        let client = try DashSpendClient(configuration: configuration)
        let failure = await ClientFixture.failure { try await client.sync(.default(for: .mainnet)) }
        #expect(failure?.kind == .unavailable)
        #expect(failure?.cause == .storageUnreachable)
        #expect(failure?.message.hasPrefix("could not reach 127.0.0.1:\(closed.port)") == true, "\(failure?.message ?? "")")

        let insecure = await ClientFixture.failure { try await client.sync(.url("http://example.com/explore.zip")) }
        #expect(insecure?.kind == .invalidRequest)
        configuration.storageBaseURL = "http://example.com"
        let base = await ClientFixture.failure {
            try await DashSpendClient(configuration: configuration).sync(.default(for: .testnet))
        }
        #expect(base?.kind == .invalidRequest)
    }

    @Test("Sources: gs:// and the wallets' default objects per network")
    func sources() {
        #expect(SyncSource.default(for: .mainnet).description == "gs://dash-wallet-firebase.appspot.com/explore/explore-v4.db")
        #expect(
            SyncSource.default(for: .testnet).description == "gs://dash-wallet-firebase.appspot.com/explore/explore-v4-testnet.db"
        )
        #expect(SyncSource(parsing: "gs://b/o/p") == .storageObject(bucket: "b", object: "o/p"))
        #expect(SyncSource(parsing: "HTTPS://x/y") == .url("HTTPS://x/y"))
        #expect(SyncSource(parsing: "./explore.zip") == .file("./explore.zip"))
    }
}
