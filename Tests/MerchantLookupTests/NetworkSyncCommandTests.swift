import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `merchant-lookup sync` from the network, end to end against a storage service on loopback (the binary
/// itself where it is killed or its memory measured): the default object, `--storage-url` and `$DASHSPEND_STORAGE_URL`, `--check`, every failure's
/// exit code, kills at random points, and flat memory for a large download.
// A hang guard far above the work: the 20 kills alone took 3.6 minutes on a loaded machine.
@Suite("merchant-lookup sync fetches the wallets' object from a storage service", hangGuard(minutes: 20))
struct NetworkSyncCommandTests {
    let fixture: StorageFixture

    init() throws {
        fixture = try StorageFixture()
    }

    var storage: [String: String] { ["DASHSPEND_STORAGE_URL": fixture.server.baseURL] }

    func sync(_ extra: [String] = [], home: String? = nil) async throws -> CLIProcess.Result {
        try await CLIProcess.run(["sync"] + extra, home: home ?? fixture.home, environment: storage, timeout: 60)
    }

    @Test("An object larger than the free space exits 73 before its first byte is asked for")
    func noRoomExits73() async throws {
        try fixture.publish(merchant: "Huge Bakery", timestamp: 1_700_000_000_000, statedSize: 1 << 50)
        let result = try await sync()
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("bytes free"), "\(result.stderr)")
        #expect(fixture.server.mediaRequests.isEmpty)
        let folder = fixture.home + "/mainnet/download"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }

    @Test("sync with no --from fetches the default object; again is up to date; --check says 0 or 10")
    func defaultObject() async throws {
        try fixture.publish(merchant: "Fetched Bakery", timestamp: 1_700_000_000_000)
        let first = try await sync()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("imported \(fixture.gsSource)"), "\(first.stdout)")
        let search = try await CLIProcess.run(["search", "Bakery", "--offline"], home: fixture.home)
        #expect(search.stdout.contains("Fetched Bakery"))

        let again = try await sync(["--json"])
        #expect(again.status == 0)
        #expect(try again.json()["updated"] as? Bool == false)
        #expect(fixture.server.mediaRequests.count == 1)

        let upToDate = try await sync(["--check"])
        #expect(upToDate.status == 0, "\(upToDate.stderr)")
        #expect(upToDate.stdout.hasPrefix("up to date"), "\(upToDate.stdout)")
        try fixture.publish(merchant: "Newer Bakery", timestamp: 1_700_000_100_000, generation: 2)
        let available = try await sync(["--check"])
        #expect(available.status == 10, "\(available.stderr)")
        #expect(available.stderr.isEmpty)
        #expect(available.stdout.hasPrefix("update available: \(fixture.gsSource) of 1700000100000"), "\(available.stdout)")
        let json = try await sync(["--check", "--json"])
        #expect(json.status == 10)
        #expect(try json.json()["status"] as? String == "updateAvailable")
        #expect(fixture.server.mediaRequests.count == 1, "--check downloads nothing")

        // --storage-url wins over the environment.
        let flag = try await CLIProcess.run(
            ["sync", "--storage-url", fixture.server.baseURL, "--json"], home: fixture.home,
            environment: ["DASHSPEND_STORAGE_URL": "http://127.0.0.1:1"], timeout: 60)
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(try flag.json()["updated"] as? Bool == true)
        let forced = try await sync(["--force", "--from", fixture.gsSource, "--json"])
        #expect(try forced.json()["updated"] as? Bool == true)
        #expect(fixture.server.mediaRequests.count == 3)
    }

    @Test("Each failure has its exit code and one line; a refusal says to download the file by hand")
    func exitCodes() async throws {
        try fixture.publish(merchant: "Coded Bakery", timestamp: 1_700_000_000_000)
        fixture.server.inject(.metadataStatus(403, headers: [:]))
        let refused = try await sync()
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused anonymous access"))
        #expect(refused.stderr.contains("run `merchant-lookup sync --from FILE`"), "\(refused.stderr)")
        // The action is said once, by the CLI's hint, not again by the library's message.
        #expect(refused.stderr.components(separatedBy: "download the file").count == 2, "\(refused.stderr)")
        #expect(!refused.stderr.contains("import the file"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)

        fixture.server.inject(.metadataStatus(401, headers: [:]))
        #expect(try await sync().status == 77)
        fixture.server.inject(.mediaStatus(404, headers: [:]))
        #expect(try await sync().status == 66)
        fixture.server.inject(.metadataStatus(429, headers: ["Retry-After": "30"]))
        let limited = try await sync()
        #expect(limited.status == 75)
        #expect(limited.stderr.contains("wait 30 seconds"), "\(limited.stderr)")
        fixture.server.inject(.mediaStatus(503, headers: [:]))
        #expect(try await sync().status == 75)
        try fixture.publish(merchant: "Odd Bakery", timestamp: 1_700_000_000_000, metadataTimestamp: 1_600_000_000_000)
        let mismatch = try await sync(["--force"])
        #expect(mismatch.status == 65, "\(mismatch.stderr)")

        let closed = try ClosedLoopbackPort()
        let unreachable = try await CLIProcess.run(
            ["sync", "--storage-url", "http://127.0.0.1:\(closed.port)"], home: fixture.home, timeout: 60)
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("could not reach 127.0.0.1:\(closed.port)"))
        let insecure = try await CLIProcess.run(["sync", "--from", "http://example.com/x.zip"], home: fixture.home)
        #expect(insecure.status == 64, "\(insecure.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.home + "/mainnet/explore.db"))
    }

    @Test("A server failure (500) and a stalled download exit 75; the stalled part is continued next time")
    func serverFailureAndStall() async throws {
        let object = try fixture.publish(merchant: "Stalled Bakery", timestamp: 1_700_000_000_000)
        let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
        fixture.server.inject(.metadataStatus(500, headers: [:]))
        let failed = try await sync()
        #expect(failed.status == 75, "\(failed.stderr)")
        #expect(failed.stderr.contains("HTTP 500"), "\(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")

        // Half the bytes, then a minute of silence: far longer than the stall limit (`--timeout` 5 s), which is
        // itself far above what the work before the stall needs (at 1 s, a loaded machine could take longer to
        // start the process and ask the metadata, which the same limit bounds).
        fixture.server.inject(.stallMedia(afterBytes: size / 2, seconds: 60))
        let stalled = try await sync(["--timeout", "5"])
        #expect(stalled.status == 75, "\(stalled.stderr)")
        #expect(stalled.stderr.contains("stopped after \(size / 2) of \(size) bytes"), "\(stalled.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.home + "/mainnet/explore.db"))
        let resumed = try await sync()
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(fixture.server.mediaRequests.last?.headers["range"]?.hasPrefix("bytes=\(size / 2)-") == true)
        let search = try await CLIProcess.run(["search", "Stalled Bakery", "--offline"], home: fixture.home)
        #expect(search.stdout.contains("Stalled Bakery"), "\(search.stdout)")
    }

    @Test("db info after a network sync names the object the data came from, not its download file")
    func provenance() async throws {
        try fixture.publish(merchant: "Sourced Bakery", timestamp: 1_700_000_000_000)
        let synced = try await sync()
        #expect(synced.status == 0, "\(synced.stderr)")
        let json = try await CLIProcess.run(["db", "info", "--json"], home: fixture.home)
        #expect(json.status == 0, "\(json.stderr)")
        let recorded = try #require(try json.json()["sync"] as? [String: Any], "\(json.stdout)")
        #expect(recorded["source"] as? String == fixture.gsSource, "\(json.stdout)")
        let text = try await CLIProcess.run(["db", "info"], home: fixture.home)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("synced from:     \(fixture.gsSource) (explore ZIP)"), "\(text.stdout)")
        #expect(!text.stdout.contains("synced from:     explore-v4.db"), "the download file's name: \(text.stdout)")

        // A plain URL is recorded without its query (which may carry a token).
        let plain = fixture.server.baseURL + "/plain/explore-v4.db"
        let byURL = try await sync(["--from", plain + "?token=secret", "--force"])
        #expect(byURL.status == 0, "\(byURL.stderr)")
        let again = try await CLIProcess.run(["db", "info", "--json"], home: fixture.home)
        let fromURL = try #require(try again.json()["sync"] as? [String: Any], "\(again.stdout)")
        #expect(fromURL["source"] as? String == plain, "\(again.stdout)")
        #expect(!again.stdout.contains("secret"))
    }

    @Test("Killed at 20 seeded points of download and import: the database answers, the next sync finishes")
    func killedAtRandom() async throws {
        var random = SplitMix64(seed: 0x5EED_0012)
        var timestamp: Int64 = 1_700_000_000_000
        try fixture.publish(merchant: "Killed Bakery 0", timestamp: timestamp)
        #expect(try await sync().status == 0)
        let network = fixture.home + "/mainnet"
        var downloadKills = 0
        var importKills = 0
        var resumed = 0
        for trial in 1...20 {
            timestamp += 1_000
            let object = try fixture.publish(merchant: "Killed Bakery \(trial)", timestamp: timestamp, generation: trial + 1)
            let size = Int(try FileManager.default.attributesOfItem(atPath: object.file)[.size] as! UInt64)
            // The kill waits for what the process has done, never for the clock: in the download, the server
            // sends a seeded number of bytes and then nothing, and the kill comes once the partial file holds
            // them; in the import, it comes a seeded few milliseconds after the staging database appears.
            let inDownload = random.next() % 2 == 0
            let offset = 1 + Int(random.next() % UInt64(size - 1))
            let delay = useconds_t(random.next() % 3_000)
            let sign: @Sendable () -> Bool
            if inDownload {
                fixture.server.inject(.stallMedia(afterBytes: offset, seconds: 30))
                let partial = network + "/download/explore-v4.db"
                sign = { Self.fileSize(partial) >= offset }
            } else {
                sign = { Self.contains(network, prefix: "explore.db.staging-") }
            }
            let running = try RunningCLI(["sync", "--storage-url", fixture.server.baseURL], home: fixture.home)
            let seen = try await Self.sigkill(running, when: sign, after: inDownload ? 0 : delay, timeout: 120)
            let status = await running.exitStatus()
            let killed = seen && status == nil
            let label = "trial \(trial), \(inDownload ? "download at byte \(offset)" : "import after \(delay) µs")"
            if inDownload {
                #expect(killed, "\(label): the partial file never held \(offset) bytes (\(running.stderr))")
                #expect(Self.fileSize(network + "/download/explore-v4.db") < size, "\(label): the download was complete")
                if killed { downloadKills += 1 }
            } else if killed {
                importKills += 1
            }

            let search = try await CLIProcess.run(["search", "Killed Bakery", "--offline"], home: fixture.home)
            #expect(search.status == 0, "\(label): \(search.stderr)")
            #expect(search.stdout.contains("Killed Bakery"), "\(label): \(search.stdout)")
            let before = fixture.server.mediaRequests.count
            let next = try await sync()
            #expect(next.status == 0, "\(label): \(next.stderr)")
            let after = try await CLIProcess.run(["search", "Killed Bakery \(trial)", "--offline"], home: fixture.home)
            #expect(after.stdout.contains("Killed Bakery \(trial)"), "\(label): \(after.stdout) \(next.stdout)")
            let continued = fixture.server.mediaRequests.dropFirst(before).contains {
                $0.headers["range"]?.hasPrefix("bytes=0-") == false
            }
            if inDownload {
                #expect(continued, "\(label): the next sync starts the download over")
                if continued { resumed += 1 }
            }
        }
        print("killed \(downloadKills) times in the download (\(resumed) resumed), \(importKills) times in the import")
        #expect(downloadKills > 0 && resumed == downloadKills, "every kill in the download is resumed")
        #expect(importKills > 0, "some kills land in the import, after its staging file appeared")
    }

    /// Sends SIGKILL to `running` once `sign` holds (then after `delay` µs), checking every 200 µs on a thread
    /// of its own; false when the process ended first or `timeout` seconds passed.
    static func sigkill(
        _ running: RunningCLI, when sign: @escaping @Sendable () -> Bool, after delay: useconds_t, timeout: Double
    ) async throws -> Bool {
        try await PeakMemoryRun.detached {
            let deadline = Date().addingTimeInterval(timeout)
            while running.isRunning, Date() < deadline {
                if sign() {
                    if delay > 0 { usleep(delay) }
                    running.send(SIGKILL)
                    return true
                }
                usleep(200)
            }
            running.send(SIGKILL)
            return false
        }
    }

    /// The size of the file at `path`, 0 when there is none.
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Whether `folder` holds an entry whose name starts with `prefix`.
    static func contains(_ folder: String, prefix: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { return true }
        }
        return false
    }

    @Test(
        "A 64 MB download peaks within a few MiB of a 1 MiB download's peak: memory stays flat",
        .enabled(if: PeakMemoryRun.canMeasure, "reads the peak memory in /proc: Linux only"))
    func flatMemory() async throws {
        let small = fixture.scratch.file("small.bin")
        let large = fixture.scratch.file("large.bin")
        let smallSize = 1 << 20
        let size = 64 << 20
        // Off the cooperative pool (two threads on two cores): the timing-sensitive tests beside it need it.
        try await PeakMemoryRun.detached {
            try Self.writeRandom(to: small, bytes: smallSize)
            try Self.writeRandom(to: large, bytes: size)
        }
        // The same binary, the same code path, both measured on the child's own `VmHWM`: only the object's
        // size differs, so the difference is what the download's size costs.
        let baseline = try await peakOfSync(publishing: small, generation: 1, name: "small")
        let run = try await peakOfSync(publishing: large, generation: 2, name: "large")
        #if os(Linux)
        // libcurl hands each chunk to the file as it arrives: the whole object in one request.
        #expect(run.mediaRequests == 1)
        #else
        // URLSession reads ahead of the file: asked for in 8 MiB segments, each written as it arrives.
        #expect(run.mediaRequests == size / (8 << 20))
        #endif
        #expect(baseline.mediaRequests == 1)
        let growth = run.result.peakKiB - baseline.result.peakKiB
        print(
            "sync of a \(size >> 20) MiB object: peak \(run.result.peakKiB) KiB; "
                + "of a \(smallSize >> 20) MiB object: \(baseline.result.peakKiB) KiB")
        // A download held in memory would grow by the object's size (64 MiB); flat, it grows by at most a
        // segment's backlog (8 MiB) and the allocator's slack (7-11 MiB measured, under load too).
        #expect(growth < 20 << 10, "peak \(run.result.peakKiB) KiB, baseline \(baseline.result.peakKiB) KiB")
    }

    /// Publishes `file` as the object and syncs it into a home of its own under the child's own peak
    /// memory. Random bytes are not the explore ZIP: all of it is downloaded, then refused by the import.
    func peakOfSync(publishing file: String, generation: Int, name: String) async throws -> (
        result: PeakMemoryRun.Result, mediaRequests: Int
    ) {
        fixture.publish(file: file, generation: generation)
        let home = fixture.scratch.file("\(name)-home")
        let output = fixture.scratch.file("\(name).out")
        let before = fixture.server.mediaRequests.count
        let result = try await PeakMemoryRun.run(
            ["sync", "--storage-url", fixture.server.baseURL], output: output, home: home)
        let stderr = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
        #expect(result.status == 65, "\(name): \(stderr)")
        // Never vacuous: the child's own mark was read while it ran, and it is at least a Swift binary's.
        #expect(result.readings > 0, "\(name): VmHWM never read")
        #expect(result.peakKiB > 4 << 10, "\(name): peak \(result.peakKiB) KiB")
        return (result, fixture.server.mediaRequests.count - before)
    }

    static func writeRandom(to path: String, bytes: Int) throws {
        var random = SplitMix64(seed: 64)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var written = 0
        while written < bytes {
            var chunk = [UInt64](repeating: 0, count: 1 << 17)
            for index in chunk.indices { chunk[index] = random.next() }
            let data = chunk.withUnsafeBytes { Data($0) }
            try handle.write(contentsOf: data)
            written += data.count
        }
    }
}
