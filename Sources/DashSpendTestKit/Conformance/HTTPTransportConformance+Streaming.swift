import DashSpendCore
import DashSpendLocking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks of a transport's streamed downloads (``HTTPDownloadTransport``): the body to a file, byte for
/// byte; the writer's cap and the in-memory cap; the silence limits; cancellation.
extension HTTPTransportConformance {
    /// The streaming checks, in the order they run; skipped when there is no ``HTTPDownloadTransport`` to run
    /// them against.
    public static let streamingChecks = [
        "streams to a file", "stream byte cap honoured", "stream silence limits honoured", "stream cancellation honoured",
    ]

    /// The streamed body: 3 MiB and 17 bytes of a pattern no offset repeats within 251 bytes.
    static let streamedBody: Data = {
        var bytes = [UInt8](repeating: 0, count: 3 * 1_048_576 + 17)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index % 251 &+ index / 251) }
        return Data(bytes)
    }()

    static func streamingRoutes(_ server: LoopbackHTTPServer) {
        server.route("/stream") { _ in
            LoopbackResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: streamedBody)
        }
        server.route("/stream-missing") { _ in LoopbackResponse(status: 404, body: Data("no such object".utf8)) }
        server.route("/stream-large") { _ in LoopbackResponse(status: 200, body: Data(count: HTTPResponse.maximumBodyBytes + 1)) }
        // The head and 64 KiB of a 1 MiB body, then nothing until the client goes away (at most a minute).
        server.streamRoute("/stream-stall") { _, connection in
            connection.sendHead(status: 200, headers: ["Content-Type": "application/octet-stream"], contentLength: 1_048_576)
            connection.send([UInt8](repeating: 7, count: 65_536))
            connection.hold(seconds: 60)
        }
    }

    func streaming(
        _ downloader: any HTTPDownloadTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder
    ) async {
        await streamsToFile(downloader, server, recorder)
        await streamCap(downloader, server, recorder)
        await streamSilence(downloader, server, recorder)
        await streamCancellation(downloader, server, recorder)
    }

    private func streamRequest(_ server: LoopbackHTTPServer, _ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!, timeout: deadline)
    }

    // MARK: - Checks

    private func streamsToFile(
        _ downloader: any HTTPDownloadTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder
    ) async {
        let check = "streams to a file"
        guard let writer = await recorder.attempt(check, "creating a file to stream to", { try StreamFileWriter() }) else {
            return
        }
        let heads = Locked<[Int]>([])
        let response = await recorder.attempt(check, "a download of \(Self.streamedBody.count) bytes") {
            try await downloader.download(streamRequest(server, "/stream"), timeouts: timeouts) { head in
                heads.withLock { $0.append(head.status) }
                recorder.expect(writer.count == 0, check, "bytes were written before the head was handed over")
                return writer
            }
        }
        let written = writer.finish()
        recorder.expect(
            heads.withLock { $0 } == [200], check, "the head was handed over as \(heads.withLock { $0 }), not once as 200")
        if let response {
            recorder.expect(response.status == 200, check, "the download answered \(response.status), not 200")
            recorder.expect(
                response.body.isEmpty, check,
                "the response of a streamed download kept \(response.body.count) body bytes in memory")
            recorder.expect(
                written == Self.streamedBody, check,
                "the file holds \(written?.count ?? 0) bytes that differ from the \(Self.streamedBody.count) the server sent")
        }
        // No writer: the body comes back in memory (a 404's explanation).
        let missing = await recorder.attempt(check, "a download answered 404 with no writer") {
            try await downloader.download(streamRequest(server, "/stream-missing"), timeouts: timeouts) { _ in nil }
        }
        if let missing {
            recorder.expect(
                missing.status == 404 && missing.body == Data("no such object".utf8), check,
                "a 404 streamed with no writer came back as \(missing.status) with \(missing.body.count) body bytes")
        }
    }

    private func streamCap(
        _ downloader: any HTTPDownloadTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder
    ) async {
        let check = "stream byte cap honoured"
        let cap = 100_000
        let writer = CappedWriter(cap: cap)
        let error = await recorder.thrown(check, "a download into a writer that refuses more than \(cap) bytes") {
            _ = try await downloader.download(streamRequest(server, "/stream"), timeouts: timeouts) { _ in writer }
        }
        let (accepted, callsAfterRefusal) = writer.tally
        if let error {
            recorder.expect(
                error is CapReached, check,
                "a writer's refusal came back as \(String(reflecting: error)), not the writer's own error")
        }
        recorder.expect(accepted <= cap, check, "the capped writer took \(accepted) bytes")
        recorder.expect(
            callsAfterRefusal == 0, check, "the transport wrote \(callsAfterRefusal) more time(s) to a writer that had refused")
        let large = await recorder.thrown(check, "a download of \(HTTPResponse.maximumBodyBytes + 1) bytes with no writer") {
            _ = try await downloader.download(streamRequest(server, "/stream-large"), timeouts: timeouts) { _ in nil }
        }
        if let large {
            let isUnreadable: Bool
            if case .unreadableAnswer? = large as? DashSpendError { isUnreadable = true } else { isUnreadable = false }
            recorder.expect(
                isUnreadable, check,
                "a body over the cap collected in memory threw \(String(reflecting: large)), not DashSpendError.unreadableAnswer")
        }
    }

    private func streamSilence(
        _ downloader: any HTTPDownloadTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder
    ) async {
        let check = "stream silence limits honoured"
        let silence = min(60, deadline + slack + 20)
        server.inject(.delay(silence), path: "/stream", times: 1)
        let clock = MonotonicClock()
        var start = clock.now
        let silent = await recorder.thrown(check, "a download from a server silent for \(silence) s, connect limit \(deadline) s")
        {
            _ = try await downloader.download(streamRequest(server, "/stream"), timeouts: timeouts) { _ in nil }
        }
        var elapsed = (clock.now - start).seconds
        server.clearFaults()
        recorder.expect(
            elapsed < deadline + slack, check, "a download from a silent server took \(elapsed) to give up")
        if let silent {
            recorder.expect(
                silent as? HTTPDownloadError == .noResponse(seconds: deadline), check,
                "a download from a silent server threw \(String(reflecting: silent)), not HTTPDownloadError.noResponse")
        }
        let writer = CappedWriter(cap: .max)
        start = clock.now
        let stalled = await recorder.thrown(check, "a download that stops after 64 KiB, stall limit \(deadline) s") {
            _ = try await downloader.download(streamRequest(server, "/stream-stall"), timeouts: timeouts) { _ in writer }
        }
        elapsed = (clock.now - start).seconds
        recorder.expect(elapsed < deadline + slack, check, "a stalled download took \(elapsed) to give up")
        if let stalled {
            recorder.expect(
                stalled as? HTTPDownloadError == .stalled(seconds: deadline), check,
                "a stalled download threw \(String(reflecting: stalled)), not HTTPDownloadError.stalled")
        }
        recorder.expect(
            writer.tally.accepted == 65_536, check, "the stalled download wrote \(writer.tally.accepted) of the 65536 bytes sent")
    }

    private func streamCancellation(
        _ downloader: any HTTPDownloadTransport, _ server: LoopbackHTTPServer, _ recorder: ConformanceRecorder
    ) async {
        let check = "stream cancellation honoured"
        let writer = CappedWriter(cap: .max)
        // Long silence limits: only the cancellation may end it.
        let patient = HTTPDownloadTimeouts(connect: 120, stall: 120)
        let request = streamRequest(server, "/stream-stall")
        let task = Task { try await downloader.download(request, timeouts: patient) { _ in writer } }
        // Cancelled once bytes have arrived (a hang guard of a minute, not a race).
        let clock = MonotonicClock()
        let waitStart = clock.now
        while writer.tally.accepted == 0, (clock.now - waitStart).seconds < 60 {
            try? await Task.sleep(seconds: 0.01)
        }
        let start = clock.now
        task.cancel()
        let result = await task.result
        let elapsed = (clock.now - start).seconds
        let afterReturn = writer.tally.accepted
        recorder.expect(elapsed < slack, check, "a download cancelled mid-body ended after \(elapsed)")
        switch result {
        case .success(let response):
            recorder.fail(check, "a cancelled download returned status \(response.status) instead of throwing CancellationError")
        case .failure(let error):
            recorder.expect(
                error is CancellationError, check,
                "a cancelled download threw \(String(reflecting: error)), not CancellationError")
        }
        // Nothing may be written once the call has returned.
        try? await Task.sleep(seconds: 0.2)
        recorder.expect(
            writer.tally.accepted == afterReturn, check, "bytes were written after the cancelled download had returned")
    }

    private var timeouts: HTTPDownloadTimeouts { HTTPDownloadTimeouts(connect: deadline, stall: deadline) }
}

/// Thrown by ``CappedWriter`` past its cap.
struct CapReached: Error {}

/// Counts what it is given; refuses (``CapReached``) a write that would take it past `cap`, and counts the
/// calls that come after a refusal.
final class CappedWriter: HTTPBodyWriter, Sendable {
    private let cap: Int
    private let state = Locked<(accepted: Int, refused: Bool, callsAfterRefusal: Int)>((0, false, 0))

    init(cap: Int) { self.cap = cap }

    var tally: (accepted: Int, callsAfterRefusal: Int) { state.withLock { ($0.accepted, $0.callsAfterRefusal) } }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { state throws(CapReached) in
            if state.refused {
                state.callsAfterRefusal += 1
                throw CapReached()
            }
            guard state.accepted + bytes.count <= cap else {
                state.refused = true
                throw CapReached()
            }
            state.accepted += bytes.count
        }
    }
}

/// Writes a streamed body to a file of its own (in a fresh temporary folder), reads it back, and removes it.
final class StreamFileWriter: HTTPBodyWriter, @unchecked Sendable {
    private let folder: String
    private let path: String
    private let descriptor: Int32
    private let written = Locked(0)

    init() throws {
        var template = Array("/tmp/dashspend-stream-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw DashSpendError.network("mkdtemp failed") }
        folder = String(cString: made)
        path = folder + "/body"
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DashSpendError.network("cannot create \(path)") }
    }

    /// Bytes written so far.
    var count: Int { written.withLock { $0 } }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try written.withLock { offset throws(DashSpendError) in
            var done = 0
            while done < bytes.count {
                let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
                guard count > 0 else { throw DashSpendError.network("cannot write \(path)") }
                done += count
            }
            offset += done
        }
    }

    /// Closes the file and returns what it holds (nil when it cannot be read); removes it.
    func finish() -> Data? {
        close(descriptor)
        defer {
            unlink(path)
            rmdir(folder)
        }
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }
}
