package import DashSpendCore
import DashSpendLocking

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches the explore object from the network into the network's download folder (``DownloadFolder``):
/// an update check first, then a download streamed to a file, resumed where a previous one stopped.
///
/// - A storage object's metadata is read first; when its `Data-Timestamp` is not newer than the installed
///   data's, nothing is downloaded. Metadata without a `Data-Timestamp` is compared with the version installed
///   last by its generation and `md5Hash`: the same object is not downloaded again. A plain URL is asked with
///   `If-None-Match` / `If-Modified-Since` for the version installed last (304: up to date).
/// - Before a byte of the object is written, the folder must have room for the bytes still to come (the size
///   the metadata or the answer announces) and ``freeSpaceMargin``: else ``ExploreDownloadError/cannotWrite(path:reason:)``.
/// - The bytes go to `download/<name>` as they arrive; their count must equal the metadata's `size` (or the
///   `Content-Length`). An interrupted download keeps its bytes and version (`partial.json`); the next one
///   asks for the rest (`Range` with `If-Range`, and only when a storage object's generation is unchanged);
///   a full answer instead of the rest starts over. A partial download of another object, or older than a
///   day, is removed.
/// - Time limits are for silence (``HTTPDownloadTimeouts``). A redirect is followed only to the same scheme,
///   host and port (at most 5); one to another host is refused before anything is sent there.
package struct ExploreDownloader: Sendable {
    /// The network's folder (`<state>/<network>`).
    package let directory: String
    /// Sends the small requests (metadata, checks).
    package let transport: any HTTPTransport
    /// Streams the bytes.
    package let downloader: any HTTPDownloadTransport
    /// Time limits of the streamed download.
    package let timeouts: HTTPDownloadTimeouts
    /// Seconds a metadata request may take.
    package let requestTimeout: Double
    /// The clock.
    package let now: @Sendable () -> Date
    /// Called as bytes arrive: the bytes of the object now on disk, and its whole size when known.
    package let progress: (@Sendable (_ received: Int, _ total: Int?) -> Void)?
    /// Where each request (with its answer and time) and each decision is reported: the metadata read, a
    /// download skipped as unchanged, started, continued or started over, and its end.
    package var diagnostics: any DiagnosticsSink = SilentDiagnostics()

    /// The download folder.
    package var folder: DownloadFolder { DownloadFolder(networkDirectory: directory) }

    /// The bytes asked for per request (see ``fetch(_:installedTimestamp:force:)``): the download transport's
    /// ``HTTPDownloadTransport/preferredRangeBytes``, else the whole object in one request.
    package var segmentSize: Int

    /// The free space a download needs beyond the bytes it will write (the import's margin).
    package var freeSpaceMargin = ExploreImporter.defaultFreeSpaceMargin

    /// The most redirects followed (same host only).
    static let maximumRedirects = 5

    /// Creates a downloader for the network folder `directory`.
    package init(
        directory: String, transport: any HTTPTransport, downloader: any HTTPDownloadTransport,
        timeouts: HTTPDownloadTimeouts = HTTPDownloadTimeouts(), requestTimeout: Double = 20,
        now: @escaping @Sendable () -> Date = { Date() },
        progress: (@Sendable (_ received: Int, _ total: Int?) -> Void)? = nil
    ) {
        self.directory = directory
        self.transport = transport
        self.downloader = downloader
        self.timeouts = timeouts
        self.requestTimeout = requestTimeout
        self.now = now
        self.progress = progress
        segmentSize = downloader.preferredRangeBytes.map { max(1, $0) } ?? Int.max / 4
    }

    // MARK: - Update check

    /// Whether `object` is newer than what is installed (`installedTimestamp`), without downloading it.
    package func check(_ object: RemoteExploreObject, installedTimestamp: Int64?) async throws(ExploreDownloadError)
        -> ExploreUpdateCheck
    {
        switch object.kind {
        case .storage:
            let metadata = try await metadata(of: object)
            return ExploreUpdateCheck(
                updateAvailable: !isInstalled(metadata, of: object, installedTimestamp: installedTimestamp),
                remoteTimestamp: metadata.dataTimestamp, installedTimestamp: installedTimestamp)
        case .plain:
            var headers: [String: String] = [:]
            if let installed = folder.installed(object, installedTimestamp: installedTimestamp) {
                headers = Self.conditionalHeaders(installed.validator)
            }
            let response = try await get(object, url: object.url, method: "HEAD", headers: headers)
            switch response.status {
            case 304:
                return ExploreUpdateCheck(updateAvailable: false, remoteTimestamp: nil, installedTimestamp: installedTimestamp)
            case 200..<300:
                return ExploreUpdateCheck(updateAvailable: true, remoteTimestamp: nil, installedTimestamp: installedTimestamp)
            default:
                throw Self.failure(response, object: object)
            }
        }
    }

    /// Whether the storage object `metadata` describes is the data installed: its `Data-Timestamp` is not newer
    /// than the installed data's; without one, its generation and `md5Hash` are those of the version installed
    /// last (``DownloadValidator/isSameStorageVersion(generation:md5Hash:)``).
    func isInstalled(_ metadata: StorageObjectMetadata, of object: RemoteExploreObject, installedTimestamp: Int64?) -> Bool {
        if metadata.dataTimestamp != nil { return !Self.isNewer(metadata.dataTimestamp, than: installedTimestamp) }
        guard let installed = folder.installed(object, installedTimestamp: installedTimestamp) else { return false }
        return installed.validator.isSameStorageVersion(generation: metadata.generation, md5Hash: metadata.md5Hash)
    }

    /// Whether a remote timestamp (nil: unknown) is newer than the installed one (nil: nothing installed).
    static func isNewer(_ remote: Int64?, than installed: Int64?) -> Bool {
        guard let remote, let installed else { return true }
        return remote > installed
    }

    // MARK: - Download

    /// Downloads `object` unless it is not newer than `installedTimestamp` (the installed data's; nil when
    /// nothing is installed) and `force` is false.
    package func fetch(_ object: RemoteExploreObject, installedTimestamp: Int64?, force: Bool) async throws(ExploreDownloadError)
        -> ExploreDownloadOutcome
    {
        switch object.kind {
        case .storage:
            let metadata = try await metadata(of: object)
            if !force, isInstalled(metadata, of: object, installedTimestamp: installedTimestamp) {
                // Nothing to download, but a partial download older than a day goes all the same: else it
                // would stay for as long as the data is up to date.
                removeStalePartial()
                note(
                    "not downloading \(object.displayName): "
                        + (metadata.dataTimestamp.map {
                            "its Data-Timestamp \($0) is not newer than the installed data's \(installedTimestamp.map(String.init) ?? "none")"
                        } ?? "the same generation and MD5 as the version installed"))
                return .upToDate(remoteTimestamp: metadata.dataTimestamp)
            }
            let version = DownloadValidator(generation: metadata.generation, md5Hash: metadata.md5Hash)
            return try await download(object, expected: version, size: metadata.size, conditional: [:], metadata: metadata)
        case .plain:
            var conditional: [String: String] = [:]
            if !force, let installed = folder.installed(object, installedTimestamp: installedTimestamp) {
                conditional = Self.conditionalHeaders(installed.validator)
            }
            return try await download(object, expected: nil, size: nil, conditional: conditional, metadata: nil)
        }
    }

    /// `If-None-Match` / `If-Modified-Since` for `validator`.
    static func conditionalHeaders(_ validator: DownloadValidator) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = validator.etag { headers["If-None-Match"] = etag }
        if let lastModified = validator.lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// The metadata of a storage object.
    func metadata(of object: RemoteExploreObject) async throws(ExploreDownloadError) -> StorageObjectMetadata {
        let response = try await get(object, url: object.url, method: "GET", headers: ["Accept": "application/json"])
        guard response.status == 200 else { throw Self.failure(response, object: object) }
        guard let metadata = StorageObjectMetadata(json: response.body) else {
            throw .unexpectedAnswer(
                object: object.displayName, host: object.host, detail: "metadata that is not the storage JSON (no size)")
        }
        note(
            "metadata of \(object.displayName): \(metadata.size) bytes, Data-Timestamp "
                + "\(metadata.dataTimestamp.map(String.init) ?? "none"), generation \(metadata.generation ?? "none")")
        return metadata
    }

    /// Reports `message` as a note.
    func note(_ message: String) {
        diagnostics.record(DiagnosticEvent(.note, message))
    }

    /// Streams the object's bytes into the download folder, continuing a partial download of the same
    /// version. `expected`: the version known beforehand (a storage object's generation); `size`: the size
    /// known beforehand.
    private func download(
        _ object: RemoteExploreObject, expected: DownloadValidator?, size: Int?, conditional: [String: String],
        metadata: StorageObjectMetadata?
    ) async throws(ExploreDownloadError) -> ExploreDownloadOutcome {
        let folder = self.folder
        try folder.prepare()
        let file = folder.path + "/" + object.fileName
        var partial = resumable(object, expected: expected, file: object.fileName)
        var offset = partial.flatMap { _ in folder.size(of: object.fileName) } ?? 0
        if partial == nil || offset == 0 {
            folder.removePartial()
            partial = nil
            offset = 0
        }
        // A complete file (killed before its import) asks for its last byte, so the version is still checked.
        if let total = size ?? partial?.total, total > 0, offset >= total {
            offset = total - 1
        }
        // Room for the rest of a size known beforehand, checked before anything is written (an unknown size is
        // checked when the answer announces it, before its first byte).
        if let size { try requireFreeSpace(forWriting: size - offset) }
        var record =
            partial
            ?? DownloadFolder.Partial(
                object: object.identity, fileName: object.fileName, validator: expected ?? DownloadValidator(), total: size,
                startedAt: Int64((now().timeIntervalSince1970 * 1000).rounded(.down)))
        try folder.save(record)
        let progress = self.progress
        let resumedFrom = offset
        if offset > 0 {
            note(
                "continuing the download of \(object.displayName) at byte \(offset) of "
                    + "\(byteCount(size ?? partial?.total)) (the part kept in \(file))")
        } else {
            note("downloading \(object.displayName) (\(byteCount(size))) to \(file)")
        }

        // The object is asked for in segments of `segmentSize` bytes when the transport reads ahead of the writer
        // (URLSession hands each chunk to the delegate's queue without waiting for it, so on a link faster than
        // the disk one request's backlog is held in memory: a segment bounds it); else in one request.
        var total = size ?? partial?.total
        var first = true
        while true {
            let end = min(offset + segmentSize, total ?? Int.max) - 1
            var headers = first ? conditional : [:]
            headers["Range"] = "bytes=\(offset)-\(max(offset, end))"
            if let ifRange = record.validator.ifRange { headers["If-Range"] = ifRange }
            let box = WriterBox()
            let context = WriterContext(
                object: object, file: file, start: offset, size: size, record: record, folder: folder, progress: progress,
                box: box, freeSpaceMargin: freeSpaceMargin)
            let response: HTTPResponse
            let asked = MonotonicClock.Instant.now
            do {
                response = try await stream(object, headers: headers) { head in try Self.writer(for: head, context) }
                diagnostics.record(
                    DiagnosticEvent(
                        .request,
                        "GET \(object.mediaURL.redactedForDiagnostics) \(headers["Range"] ?? "") → \(response.status), "
                            + "\(max(0, (box.received ?? offset) - offset)) bytes",
                        seconds: (MonotonicClock.Instant.now - asked).seconds))
            } catch {
                if let error = error as? ExploreDownloadError {
                    if case .wrongSize = error { folder.removePartial() }
                    throw error
                }
                guard box.writer != nil || !first else { throw Self.unreachable(error, host: object.host) }
                throw Self.interrupted(error, object: object, received: box.received ?? offset, total: box.total ?? total)
            }
            if first, response.status == 304 {
                folder.removePartial()
                note("not downloading \(object.displayName): not modified since the version installed (HTTP 304)")
                return .upToDate(remoteTimestamp: nil)
            }
            if response.status == 416, first, offset > 0 {
                // The recorded part does not fit the object any more: start over once.
                note("the kept part of \(object.displayName) does not fit the object any more (HTTP 416): starting over")
                folder.removePartial()
                return try await download(object, expected: expected, size: size, conditional: conditional, metadata: metadata)
            }
            guard let writer = box.writer, let announced = box.total, let validator = box.validator, let stop = box.end else {
                throw Self.failure(response, object: object)
            }
            guard writer.offset == stop else {
                throw Self.interrupted(
                    DashSpendError.network("the answer ended early"), object: object, received: writer.offset, total: announced)
            }
            record.validator = validator
            record.total = announced
            total = announced
            offset = writer.offset
            first = false
            if offset >= announced {
                guard offset == announced else {
                    folder.removePartial()
                    throw .wrongSize(object: object.displayName, expected: announced, actual: offset)
                }
                note(
                    "downloaded \(object.displayName): \(announced) bytes"
                        + (resumedFrom > 0 ? ", \(announced - resumedFrom) of them this time" : ""))
                return .downloaded(path: file, metadata: metadata, validator: validator)
            }
        }
    }

    /// What a streamed answer's writer is made from.
    private struct WriterContext: Sendable {
        let object: RemoteExploreObject
        let file: String
        let start: Int
        let size: Int?
        let record: DownloadFolder.Partial
        let folder: DownloadFolder
        let progress: (@Sendable (_ received: Int, _ total: Int?) -> Void)?
        let box: WriterBox
        let freeSpaceMargin: Int

        /// See ``ExploreDownloader/requireFreeSpace(forWriting:)``.
        func requireSpace(_ bytes: Int) throws(ExploreDownloadError) {
            try ExploreDownloader.requireFreeSpace(in: folder.path, forWriting: bytes, margin: freeSpaceMargin)
        }
    }

    /// Refuses, before anything is written, a download the folder has no room for: `bytes` still to come and
    /// ``freeSpaceMargin``.
    func requireFreeSpace(forWriting bytes: Int) throws(ExploreDownloadError) {
        try Self.requireFreeSpace(in: folder.path, forWriting: bytes, margin: freeSpaceMargin)
    }

    static func requireFreeSpace(in path: String, forWriting bytes: Int, margin: Int) throws(ExploreDownloadError) {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw .cannotWrite(path: path, reason: SystemError.message()) }
        let available = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        let free = available.overflow ? UInt64.max : available.partialValue
        let (needed, overflow) = max(0, bytes).addingReportingOverflow(margin)
        guard !overflow, free >= UInt64(needed) else {
            throw .cannotWrite(
                path: path, reason: "\(free) bytes free, the download needs \(overflow ? "more than \(Int.max)" : "\(needed)")")
        }
    }

    /// The writer for the body of `head`: from `start` for a 206 to a range request, from 0 for a 200 (the
    /// whole object again); nil (the body is collected) for anything else.
    private static func writer(for head: HTTPResponse, _ context: WriterContext) throws -> (any HTTPBodyWriter)? {
        let object = context.object
        let start = context.start
        let from: Int
        switch head.status {
        case 206:
            guard Self.contentRangeStart(head.headers["content-range"]) == start else {
                throw ExploreDownloadError.unexpectedAnswer(
                    object: object.displayName, host: object.host,
                    detail: "a range that does not start at byte \(start) (\(head.headers["content-range"] ?? "none"))")
            }
            from = start
        case 200:
            from = 0
        default:
            return nil
        }
        let announced = Self.total(of: head, from: from)
        if let size = context.size, let announced, announced != size {
            throw ExploreDownloadError.wrongSize(object: object.displayName, expected: size, actual: announced)
        }
        guard let total = announced ?? context.size else {
            throw ExploreDownloadError.unexpectedAnswer(
                object: object.displayName, host: object.host, detail: "no Content-Length")
        }
        if context.size == nil || from != start { try context.requireSpace(total - from) }
        // The version actually sent, recorded before its first byte is kept: a download stopped from here on
        // (even by a kill) continues with If-Range for this version.
        var sent = context.record
        sent.validator.etag = head.headers["etag"]
        sent.validator.lastModified = head.headers["last-modified"]
        sent.total = total
        // Where this answer ends: the range's last byte + 1, or the whole object.
        let end = head.status == 206 ? Self.contentRangeEnd(head.headers["content-range"]).map { $0 + 1 } ?? total : total
        let report = context.progress
        let writer = try PartialFileWriter(
            path: context.file, offset: from, limit: end, object: object.displayName,
            progress: report.map { report in { @Sendable received in report(received, total) } })
        // Written (and flushed) only when it says something new: on the first answer, or a new version.
        if sent != context.record { try context.folder.save(sent) }
        context.box.set(writer, total: total, end: end, validator: sent.validator)
        return writer
    }

    /// The recorded partial download of `object`, when it may be continued: same object, same version as
    /// `expected` (when known), started less than a day ago, with a validator to ask `If-Range` with (or a
    /// known generation).
    /// Removes the partial download when it started more than ``DownloadFolder/partialLifetimeMilliseconds``
    /// ago (or, by the clock, after now), whatever object it is of; a younger one is kept to be continued.
    func removeStalePartial() {
        guard let partial = folder.partial() else { return }
        let age = Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) - partial.startedAt
        if age < 0 || age > DownloadFolder.partialLifetimeMilliseconds { folder.removePartial() }
    }

    private func resumable(_ object: RemoteExploreObject, expected: DownloadValidator?, file: String) -> DownloadFolder.Partial? {
        guard let partial = folder.partial(), partial.object == object.identity, partial.fileName == file else { return nil }
        let age = Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) - partial.startedAt
        guard age >= 0, age <= DownloadFolder.partialLifetimeMilliseconds else { return nil }
        if let generation = expected?.generation, partial.validator.generation != generation { return nil }
        guard partial.validator.ifRange != nil || expected?.generation != nil else { return nil }
        if let total = partial.total, let size = folder.size(of: file), size > total { return nil }
        return partial
    }

    /// The last byte of a `Content-Range: bytes FIRST-LAST/TOTAL`.
    static func contentRangeEnd(_ value: String?) -> Int? {
        guard let value, let dash = value.firstIndex(of: "-"), let slash = value.firstIndex(of: "/"), dash < slash else {
            return nil
        }
        return Int(value[value.index(after: dash)..<slash])
    }

    /// The first byte of a `Content-Range: bytes FIRST-LAST/TOTAL`.
    static func contentRangeStart(_ value: String?) -> Int? {
        guard let value, value.hasPrefix("bytes "), let dash = value.firstIndex(of: "-") else { return nil }
        return Int(value[value.index(value.startIndex, offsetBy: 6)..<dash])
    }

    /// The object's whole size from a 200's `Content-Length` or a 206's `Content-Range` total.
    static func total(of head: HTTPResponse, from: Int) -> Int? {
        if head.status == 206 {
            guard let range = head.headers["content-range"], let slash = range.lastIndex(of: "/") else { return nil }
            return Int(range[range.index(after: slash)...])
        }
        return head.headers["content-length"].flatMap { Int($0.trimmedWhitespace) }
    }

    // MARK: - Requests

    /// Sends a small request, following redirects to the same origin only.
    private func get(_ object: RemoteExploreObject, url: URL, method: String, headers: [String: String])
        async throws(ExploreDownloadError) -> HTTPResponse
    {
        var target = url
        for _ in 0...Self.maximumRedirects {
            let response: HTTPResponse
            let asked = MonotonicClock.Instant.now
            do {
                response = try await transport.send(
                    HTTPRequest(method: method, url: target, headers: headers, timeout: requestTimeout))
            } catch {
                throw Self.unreachable(error, host: Self.hostText(target))
            }
            diagnostics.record(
                DiagnosticEvent(
                    .request, "\(method) \(target.redactedForDiagnostics) → \(response.status)",
                    seconds: (MonotonicClock.Instant.now - asked).seconds))
            guard let next = try redirect(response, from: target, object: object) else { return response }
            target = next
        }
        throw .unexpectedAnswer(object: object.displayName, host: object.host, detail: "too many redirects")
    }

    /// Streams the media request (following redirects to the same origin only).
    private func stream(
        _ object: RemoteExploreObject, headers: [String: String],
        body: @escaping @Sendable (HTTPResponse) throws -> (any HTTPBodyWriter)?
    ) async throws -> HTTPResponse {
        var target = object.mediaURL
        for _ in 0...Self.maximumRedirects {
            let response = try await downloader.download(
                HTTPRequest(method: "GET", url: target, headers: headers, timeout: timeouts.connect), timeouts: timeouts
            ) { head in
                (300..<400).contains(head.status) ? nil : try body(head)
            }
            guard let next = try redirect(response, from: target, object: object) else { return response }
            target = next
        }
        throw ExploreDownloadError.unexpectedAnswer(object: object.displayName, host: object.host, detail: "too many redirects")
    }

    /// The URL a 3xx with a `Location` on the same origin leads to; nil when `response` is not a redirect.
    private func redirect(_ response: HTTPResponse, from url: URL, object: RemoteExploreObject) throws(ExploreDownloadError)
        -> URL?
    {
        guard [301, 302, 303, 307, 308].contains(response.status) else { return nil }
        guard let location = response.headers["location"], let next = URL(string: location, relativeTo: url)?.absoluteURL
        else {
            throw .unexpectedAnswer(
                object: object.displayName, host: object.host, detail: "a redirect (HTTP \(response.status)) without a location")
        }
        guard next.scheme == url.scheme, next.host?.lowercased() == url.host?.lowercased(), next.port == url.port else {
            throw .redirectRefused(object: object.displayName, host: object.host, location: next.redactedForDiagnostics)
        }
        return next
    }

    /// The failure a non-success answer stands for.
    static func failure(_ response: HTTPResponse, object: RemoteExploreObject) -> ExploreDownloadError {
        switch response.status {
        case 401, 403:
            return .accessRefused(object: object.displayName, host: object.host, status: response.status)
        case 404, 410:
            return .notFound(object: object.displayName, host: object.host)
        case 429, 500..<600:
            return .retryLater(
                object: object.displayName, host: object.host, status: response.status,
                retryAfter: RetryAfter.seconds(response.headers["retry-after"], now: Date()))
        default:
            return .unexpectedAnswer(object: object.displayName, host: object.host, detail: "HTTP \(response.status)")
        }
    }

    /// A failure before any answer: the host cannot be reached.
    static func unreachable(_ error: any Error, host: String) -> ExploreDownloadError {
        if let error = error as? ExploreDownloadError { return error }
        switch error {
        case let error as DashSpendError:
            if case .network(let reason) = error { return .unreachable(host: host, reason: reason) }
            if case .timedOut = error { return .unreachable(host: host, reason: "no answer in time") }
            return .unreachable(host: host, reason: error.description)
        case let error as HTTPDownloadError: return .unreachable(host: host, reason: error.description)
        case is CancellationError: return .unreachable(host: host, reason: "cancelled")
        default: return .unreachable(host: host, reason: "transport failure")
        }
    }

    /// A failure of the streamed request after its first byte: the download was interrupted (its bytes
    /// are kept).
    static func interrupted(_ error: any Error, object: RemoteExploreObject, received: Int, total: Int?) -> ExploreDownloadError {
        let reason: String
        switch error {
        case let error as DashSpendError:
            if case .network(let detail) = error { reason = detail } else { reason = error.description }
        case let error as HTTPDownloadError: reason = error.description
        case is CancellationError: reason = "cancelled"
        default: reason = "transport failure"
        }
        return .interrupted(object: object.displayName, host: object.host, received: received, total: total, reason: reason)
    }

    static func hostText(_ url: URL) -> String { RemoteExploreObject.hostText(url) }

    /// `1234 bytes`, or `size unknown`.
    private func byteCount(_ bytes: Int?) -> String { bytes.map { "\($0) bytes" } ?? "size unknown" }
}

/// The writer a streamed answer got, with the announced size and the version sent, readable afterwards.
private final class WriterBox: Sendable {
    private struct State {
        var writer: PartialFileWriter?
        var total: Int?
        var validator: DownloadValidator?
        var end: Int?
    }
    private let state = Locked(State())

    func set(_ writer: PartialFileWriter, total: Int, end: Int, validator: DownloadValidator) {
        state.withLock { $0 = State(writer: writer, total: total, validator: validator, end: end) }
    }

    var end: Int? { state.withLock { $0.end } }

    var writer: PartialFileWriter? { state.withLock { $0.writer } }
    var total: Int? { state.withLock { $0.total } }
    var validator: DownloadValidator? { state.withLock { $0.validator } }
    var received: Int? { state.withLock { $0.writer?.offset } }
}
