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

/// A storage service on loopback that speaks the REST shape the wallets' SDK reads: `GET
/// /v0/b/BUCKET/o/OBJECT` (the name percent-encoded, `/` as `%2F`) returns the object's metadata as JSON
/// (`size` as a string, `generation`, `updated`, `md5Hash`, and `metadata` with `Data-Timestamp` and
/// `Data-Checksum`); with `?alt=media` it returns the bytes, with `ETag` and `Last-Modified`, `Range: bytes=N-`
/// (206, or 200 when `If-Range` names another version), `If-None-Match` / `If-Modified-Since` (304) and
/// `HEAD`. The same bytes are also served as a plain URL at `/plain/NAME` (the object's last path part).
///
/// Bodies are streamed from the object's file in 1 MiB chunks, optionally throttled, so large objects
/// cost the test no memory. Faults (``Fault``) apply to the next requests.
package final class LoopbackStorageServer: Sendable {
    /// One stored object.
    package struct StoredObject: Sendable, Hashable {
        /// The bucket.
        package var bucket: String
        /// The object's name (`explore/explore-v4.db`).
        package var name: String
        /// The file holding its bytes.
        package var file: String
        /// Its generation (also its `ETag`, quoted).
        package var generation: Int
        /// `metadata.Data-Timestamp`, if set.
        package var dataTimestamp: Int64?
        /// `metadata.Data-Checksum`, if set.
        package var dataChecksum: String?
        /// The `size` the metadata states; nil: the file's real size.
        package var statedSize: Int?
        /// The `md5Hash` the metadata states; nil: a stand-in that changes with the file, its size and the
        /// generation (not the bytes' real MD5, which nothing here computes: clients only compare it).
        package var md5Hash: String?

        /// Creates an object.
        package init(
            bucket: String, name: String, file: String, generation: Int = 1, dataTimestamp: Int64? = nil,
            dataChecksum: String? = nil, statedSize: Int? = nil, md5Hash: String? = nil
        ) {
            self.md5Hash = md5Hash
            self.bucket = bucket
            self.name = name
            self.file = file
            self.generation = generation
            self.dataTimestamp = dataTimestamp
            self.dataChecksum = dataChecksum
            self.statedSize = statedSize
        }

        /// The REST path of its metadata.
        package var path: String {
            "/v0/b/" + Self.encoded(bucket) + "/o/" + Self.encoded(name)
        }

        /// The path it is served at as a plain URL.
        package var plainPath: String { "/plain/" + (name.split(separator: "/").last.map(String.init) ?? name) }

        static func encoded(_ text: String) -> String {
            var result = ""
            for byte in text.utf8 {
                if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
                {
                    result.append(Character(Unicode.Scalar(byte)))
                } else {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return result
        }
    }

    /// What goes wrong, for the next requests of a kind.
    package enum Fault: Sendable, Hashable {
        /// Answer the metadata request with this status and header fields.
        case metadataStatus(Int, headers: [String: String])
        /// Answer the media request with this status and header fields.
        case mediaStatus(Int, headers: [String: String])
        /// Send the media head (full length) and the body up to this byte of the object, then reset the
        /// connection.
        case dropMedia(afterBytes: Int)
        /// Send the media head (full length) and the body up to this byte of the object, then send nothing for
        /// `seconds`.
        case stallMedia(afterBytes: Int, seconds: Double)
        /// Redirect the metadata and media requests to `location`.
        case redirect(location: String)
    }

    private struct State {
        var objects: [String: StoredObject] = [:]
        var faults: [(fault: Fault, remaining: Int)] = []
        var bytesPerSecond: Int?
    }

    /// The HTTP server underneath (request log, counters).
    package let http = LoopbackHTTPServer()
    private let state = Locked(State())

    /// A fixed `Last-Modified` per generation.
    static func lastModified(_ generation: Int) -> String {
        "Mon, 0\(1 + generation % 9) Jan 2024 00:00:00 GMT"
    }

    /// Creates a stopped server.
    package init() {}

    /// Starts it on an ephemeral loopback port.
    package func start() throws { try http.start() }

    /// Stops it.
    package func stop() { http.stop() }

    /// `http://127.0.0.1:PORT` (no trailing slash): the storage base URL.
    package var baseURL: String { "http://127.0.0.1:\(http.port)" }

    /// Serves `object` (replacing one of the same name).
    package func put(_ object: StoredObject) {
        state.withLock { $0.objects[object.path] = object }
        for path in [object.path, object.plainPath] {
            http.streamRoute(path) { [self] request, connection in
                serve(request, connection, path: path)
            }
        }
    }

    /// Applies `fault` to the next `times` requests it concerns.
    package func inject(_ fault: Fault, times: Int = 1) {
        state.withLock { $0.faults.append((fault, times)) }
    }

    /// Sends media bodies at about this many bytes per second (nil: as fast as possible).
    package func throttle(bytesPerSecond: Int?) {
        state.withLock { $0.bytesPerSecond = bytesPerSecond }
    }

    /// The media requests received (`?alt=media`, or a plain path), in order.
    package var mediaRequests: [LoopbackRequest] {
        http.receivedRequests.filter { $0.queryItem("alt") == "media" || $0.path.hasPrefix("/plain/") }
    }

    /// The metadata requests received, in order.
    package var metadataRequests: [LoopbackRequest] {
        http.receivedRequests.filter { $0.path.hasPrefix("/v0/b/") && $0.queryItem("alt") != "media" }
    }

    // MARK: - Serving

    private func takeFault(media: Bool) -> Fault? {
        state.withLock { state in
            guard
                let index = state.faults.firstIndex(where: { entry in
                    switch entry.fault {
                    case .metadataStatus: return !media
                    case .mediaStatus, .dropMedia, .stallMedia: return media
                    case .redirect: return true
                    }
                })
            else { return nil }
            let fault = state.faults[index].fault
            state.faults[index].remaining -= 1
            if state.faults[index].remaining <= 0 { state.faults.remove(at: index) }
            return fault
        }
    }

    private func serve(_ request: LoopbackRequest, _ connection: LoopbackConnection, path: String) {
        let plain = path.hasPrefix("/plain/")
        let media = plain || request.queryItem("alt") == "media"
        let found = state.withLock { state in
            state.objects.values.first { $0.path == path || $0.plainPath == path }
        }
        guard let object = found else {
            respond(connection, 404, #"{"error":{"code":404,"message":"Not Found."}}"#)
            return
        }
        switch takeFault(media: media) {
        case .metadataStatus(let status, let headers)?, .mediaStatus(let status, let headers)?:
            respond(connection, status, #"{"error":{"code":\#(status),"message":"fault"}}"#, headers: headers)
            return
        case .redirect(let location)?:
            respond(connection, 302, "", headers: ["Location": location])
            return
        case let fault?:
            serveMedia(request, connection, object: object, fault: fault)
            return
        case nil:
            break
        }
        if media {
            serveMedia(request, connection, object: object, fault: nil)
        } else {
            respond(connection, 200, metadataJSON(object))
        }
    }

    private func metadataJSON(_ object: StoredObject) -> String {
        var custom: [String: JSONValue] = [:]
        if let timestamp = object.dataTimestamp { custom["Data-Timestamp"] = .string(String(timestamp)) }
        if let checksum = object.dataChecksum { custom["Data-Checksum"] = .string(checksum) }
        let size = object.statedSize ?? Self.size(of: object.file)
        let json: JSONValue = .object([
            "name": .string(object.name), "bucket": .string(object.bucket), "generation": .string(String(object.generation)),
            "metageneration": .string("1"), "contentType": .string("application/octet-stream"),
            "timeCreated": .string("2024-01-01T00:00:00.000Z"), "updated": .string("2024-01-01T00:00:00.000Z"),
            "size": .string(String(size)), "md5Hash": .string(object.md5Hash ?? Self.standInHash(object)),
            "contentEncoding": .string("identity"), "metadata": .object(custom),
        ])
        return String(decoding: json.encoded(), as: UTF8.self)
    }

    private func respond(_ connection: LoopbackConnection, _ status: Int, _ body: String, headers: [String: String] = [:]) {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { _, given in given }
        let bytes = Array(body.utf8)
        connection.sendHead(status: status, headers: all, contentLength: bytes.count)
        connection.send(bytes)
    }

    private func serveMedia(_ request: LoopbackRequest, _ connection: LoopbackConnection, object: StoredObject, fault: Fault?) {
        let size = Self.size(of: object.file)
        let etag = "\"\(object.generation)\""
        let lastModified = Self.lastModified(object.generation)
        var headers = [
            "Content-Type": "application/octet-stream", "ETag": etag, "Last-Modified": lastModified, "Accept-Ranges": "bytes",
        ]
        if request.headers["if-none-match"] == etag || request.headers["if-modified-since"] == lastModified {
            connection.sendHead(status: 304, headers: headers, contentLength: 0)
            return
        }
        // `Range: bytes=FIRST-` or `bytes=FIRST-LAST`, honoured unless `If-Range` names another version.
        var range: Range<Int>?
        if let value = request.headers["range"], value.hasPrefix("bytes=") {
            let bounds = value.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
            let ifRange = request.headers["if-range"]
            if bounds.count == 2, let first = Int(bounds[0]), ifRange == nil || ifRange == etag || ifRange == lastModified {
                guard first < size else {
                    headers["Content-Range"] = "bytes */\(size)"
                    connection.sendHead(status: 416, headers: headers, contentLength: 0)
                    return
                }
                let last = bounds[1].isEmpty ? size - 1 : min(size - 1, Int(bounds[1]) ?? size - 1)
                range = first..<(last + 1)
            }
        }
        let sent = range ?? 0..<size
        if let range { headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)" }
        connection.sendHead(status: range == nil ? 200 : 206, headers: headers, contentLength: sent.count)
        if request.method == "HEAD" { return }
        var limit = sent.upperBound
        switch fault {
        case .dropMedia(let after)?, .stallMedia(let after, _)?: limit = min(limit, after)
        default: break
        }
        sendFile(object.file, from: sent.lowerBound, to: limit, connection)
        switch fault {
        case .dropMedia?: connection.reset()
        case .stallMedia(_, let seconds)?: connection.hold(seconds: seconds)
        default: break
        }
    }

    private func sendFile(_ path: String, from start: Int, to end: Int, _ connection: LoopbackConnection) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let rate = state.withLock { $0.bytesPerSecond }
        let chunk = rate.map { max(1, min(1 << 20, $0 / 20)) } ?? (1 << 20)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = start
        while offset < end {
            let count = pread(descriptor, buffer.baseAddress!, min(chunk, end - offset), off_t(offset))
            guard count > 0 else { return }
            guard connection.send(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
            offset += count
            if let rate { usleep(UInt32(min(1_000_000, Double(count) / Double(rate) * 1_000_000))) }
        }
    }

    /// 16 bytes in base64, from the object's file, the file's size and the generation.
    static func standInHash(_ object: StoredObject) -> String {
        let text = "\(object.file)|\(size(of: object.file))|\(object.generation)"
        return Data(SHA256Digest.hash(Array(text.utf8)).prefix(16)).base64EncodedString()
    }

    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
