import DashSpendCore
import DashSpendCurl
import DashSpendHTTP
import DashSpendLocking
import DashSpendSync
import DashSpendTestKit
import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The download `sync` does, against `curl -o` of the same URL: a storage object served by the loopback
/// storage server, fetched by the library's downloader over the platform's transport (libcurl on Linux:
/// metadata, then the bytes in ranges, each written to the file from libcurl's write callback) and by
/// `curl -s -o FILE URL?alt=media`, rounds alternating which goes first, medians. "8 MiB ranges" is the same
/// downloader asking for the object in 8 MiB ranges (as it does over URLSession) instead of the ranges its
/// transport prefers (libcurl: the whole object in one request); "URLSession" the same
/// download through `URLSessionTransport` and `URLSessionDownloader` (Linux's transport before libcurl was
/// used directly, Apple platforms' today). "peak memory" is
/// a whole `merchant-lookup sync --from URL --force` process fetching the same object, its `VmHWM` sampled while
/// it runs: the download streams to disk, so it stays flat whatever the size (the object is random bytes, so
/// the import that follows refuses it at once, before it could allocate anything of note).
struct DownloadBenchmark {
    /// The target: our median at most this many times curl's.
    static let target = 1.2

    let options: BenchmarkOptions
    /// Where the objects and downloads are written.
    let folder: String
    /// The `merchant-lookup` binary whose peak memory is sampled; nil: no such column.
    let cli: String?

    func run(goals: inout GoalTable) throws {
        print("\n== Download: sync's downloader vs `curl -o`, same object from a loopback storage server ==")
        print(
            "   (rounds alternate which side runs first; median wall time; target ours <= \(TextTable.ratio(Self.target)) curl)\n"
        )
        guard let curl = FileSystem.which("curl") else {
            print("  curl is not installed: the download comparison is skipped.")
            return
        }
        let sizes = options.quick ? [4 << 20, 16 << 20] : [70_000_000, 280_000_000]
        // Nine: a 280 MB download moves with the page cache and the load (with five, two runs of the same
        // binaries gave 1.01x and 1.35x).
        let rounds = options.quick ? 2 : 9
        let server = LoopbackStorageServer()
        try server.start()
        defer { server.stop() }
        var table = TextTable([
            "object", "ours median", "curl median", "ours/curl", "MB/s (ours)", "8 MiB ranges", "URLSession", "rounds",
            "sync peak memory",
        ])
        for size in sizes {
            let file = folder + "/download-bench-\(size).bin"
            try Self.ensureRandomFile(file, size: size)
            let object = LoopbackStorageServer.StoredObject(
                bucket: "bench-bucket", name: "explore/bench-\(size).db", file: file)
            server.put(object)
            let remote = RemoteExploreObject(
                storageBase: URL(string: server.baseURL)!, bucket: object.bucket, object: object.name)
            let url = server.baseURL + object.path + "?alt=media"
            let network = folder + "/download-bench-state/mainnet"
            FileSystem.makeDirectories(network)
            let curlOutput = folder + "/download-bench-curl.bin"
            var ours = Samples()
            var theirs = Samples()
            var ranged = Samples()
            var urlSession = Samples()
            for round in 0..<rounds {
                for side in round % 2 == 0 ? [0, 1, 2, 3] : [3, 2, 1, 0] {
                    if side == 0 {
                        ours.append(try Self.timeOurs(remote, network: network, size: size))
                    } else if side == 2 {
                        // The same downloader asking for 8 MiB at a time: what ranges cost.
                        ranged.append(try Self.timeOurs(remote, network: network, size: size, segmentSize: 8 << 20))
                    } else if side == 3 {
                        urlSession.append(
                            try Self.timeOurs(
                                remote, network: network, size: size, transport: URLSessionTransport(),
                                downloader: URLSessionDownloader()))
                    } else {
                        let run = ProcessRunner.run(curl, ["-s", "-o", curlOutput, url])
                        guard run.status == 0, FileSystem.signature(curlOutput)?.size == size else {
                            throw BenchmarkFailure("curl failed (exit \(run.status))")
                        }
                        theirs.append(run.milliseconds)
                        FileSystem.remove(curlOutput)
                    }
                }
            }
            table.add([
                "\(size / 1_000_000) MB", TextTable.milliseconds(ours.median), TextTable.milliseconds(theirs.median),
                TextTable.ratio(ours.median / theirs.median),
                TextTable.number(Double(size) / 1e6 / (ours.median / 1000), 0), TextTable.milliseconds(ranged.median),
                TextTable.milliseconds(urlSession.median), "\(rounds)",
                peakMemory(url: server.baseURL + object.path, folder: folder),
            ])
            goals.time(
                "download \(size / 1_000_000) MB from loopback", ours: ours.median, reference: theirs.median,
                referenceName: "curl -o", goal: Self.target)
            FileSystem.remove(file)
        }
        print(table.rendered)
        fflush(nil)
    }

    /// The peak resident memory of one `merchant-lookup sync` process downloading the storage object at
    /// `url` into a state folder of its own (removed afterwards); "-" without the binary.
    func peakMemory(url: String, folder: String) -> String {
        guard let cli else { return "-" }
        let state = folder + "/download-bench-sync-state"
        defer { _ = ProcessRunner.run("/bin/rm", ["-rf", state]) }
        FileSystem.makeDirectories(state)
        let run = ProcessRunner.run(
            cli, ["--state-dir", state, "sync", "--from", url, "--force", "--quiet"], sampleMemory: true)
        return TextTable.number(Double(run.peakKilobytes) / 1024, 1) + " MiB"
    }

    /// One download by the library into `network`'s download folder (removed afterwards), in milliseconds.
    static func timeOurs(
        _ remote: RemoteExploreObject, network: String, size: Int, segmentSize: Int? = nil,
        transport: (any HTTPTransport)? = nil, downloader streamer: (any HTTPDownloadTransport)? = nil
    ) throws -> Double {
        let platform = Self.platformTransport()
        var downloader = ExploreDownloader(
            directory: network, transport: transport ?? platform, downloader: streamer ?? platform)
        if let segmentSize { downloader.segmentSize = segmentSize }
        let configured = downloader
        let clock = MonotonicClock()
        let start = clock.now
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                outcome.set(try await configured.fetch(remote, installedTimestamp: nil, force: true))
            } catch {
                outcome.fail("\(error)")
            }
            done.signal()
        }
        done.wait()
        let elapsed = (clock.now - start).milliseconds
        guard case .downloaded(let path, _, _)? = outcome.value, FileSystem.signature(path)?.size == size else {
            throw BenchmarkFailure("our download failed: \(outcome.error ?? "no file")")
        }
        configured.folder.removePartial()
        return elapsed
    }

    /// The transport a client uses on this platform: libcurl on Linux, URLSession elsewhere.
    static func platformTransport() -> any HTTPTransport & HTTPDownloadTransport {
        #if os(Linux)
        return CurlTransport()
        #else
        return URLSessionPair()
        #endif
    }

    /// Writes `size` pseudo-random bytes to `path` unless a file of that size is there.
    static func ensureRandomFile(_ path: String, size: Int) throws {
        if FileSystem.signature(path)?.size == size { return }
        guard let handle = fopen(path, "wb") else { throw BenchmarkFailure("cannot write \(path)") }
        defer { fclose(handle) }
        var random = SplitMix64(seed: UInt64(size))
        var chunk = [UInt64](repeating: 0, count: 1 << 17)
        var written = 0
        while written < size {
            for index in chunk.indices { chunk[index] = random.next() }
            let count = min(chunk.count * 8, size - written)
            guard chunk.withUnsafeBytes({ fwrite($0.baseAddress, 1, count, handle) }) == count else {
                throw BenchmarkFailure("cannot write \(path)")
            }
            written += count
        }
    }
}

/// The result of the download task, read by the waiting thread.
private final class Outcome: Sendable {
    private let state = Locked<(value: ExploreDownloadOutcome?, error: String?)>((nil, nil))

    var value: ExploreDownloadOutcome? { state.withLock { $0.value } }
    var error: String? { state.withLock { $0.error } }

    func set(_ value: ExploreDownloadOutcome) { state.withLock { $0.value = value } }

    func fail(_ error: String) { state.withLock { $0.error = error } }
}

/// A benchmark step that could not run.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

#if !os(Linux)
/// URLSession's two halves as one transport, as the client pairs them on Apple platforms.
private struct URLSessionPair: HTTPTransport, HTTPDownloadTransport {
    let transport = URLSessionTransport()
    let downloader = URLSessionDownloader()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await transport.send(request) }

    func download(
        _ request: HTTPRequest, timeouts: HTTPDownloadTimeouts,
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        try await downloader.download(request, timeouts: timeouts, body: body)
    }
}
#endif
