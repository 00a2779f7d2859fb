#if os(Linux)
import DashSpendLocking
import Glibc

/// A tiny HTTP/1.1 server on 127.0.0.1 that keeps connections alive, as real servers do, and drops the
/// connection of every request on `/create` once it has read it whole (closed, or reset), as a server that
/// times out an idle connection at the wrong moment does. It counts connections and request heads per path.
final class KeepAliveServer: Sendable {
    /// How a request on `/create` is dropped.
    enum Drop: Sendable {
        case close
        case reset
    }

    private struct State {
        var listener: Int32 = -1
        var acceptThread: pthread_t?
        var port = 0
        var connections = 0
        var heads: [String: Int] = [:]
    }

    private let state = Locked(State())
    private let drop: Drop

    init(drop: Drop) { self.drop = drop }

    deinit { stop() }

    var port: Int { state.withLock { $0.port } }
    var connections: Int { state.withLock { $0.connections } }
    func heads(_ path: String) -> Int { state.withLock { $0.heads[path] ?? 0 } }

    func start() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw ServerFailure() }
        state.withLock {
            $0.listener = listener
            $0.port = Int(UInt16(bigEndian: address.sin_port))
        }
        let thread = Self.spawn(detached: false) { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                state.withLock { $0.connections += 1 }
                Self.spawn(detached: true) { [self] in serve(client) }
            }
        }
        state.withLock { $0.acceptThread = thread }
    }

    /// Stops accepting, and waits for the accepting thread before closing the listener: a descriptor closed
    /// under it could be reused by another test's socket, and its connections counted here.
    func stop() {
        let (listener, thread) = state.withLock { state -> (Int32, pthread_t?) in
            defer {
                state.listener = -1
                state.acceptThread = nil
            }
            return (state.listener, state.acceptThread)
        }
        guard listener >= 0 else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        if let thread { pthread_join(thread, nil) }
        close(listener)
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        while let path = Self.readRequest(client, &buffer, onHead: { path in state.withLock { $0.heads[path, default: 0] += 1 } })
        {
            if path == "/create" {
                if drop == .reset {
                    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                    setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                }
                close(client)
                return
            }
            let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok".utf8)
            guard answer.withUnsafeBytes({ send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == answer.count else {
                break
            }
        }
        close(client)
    }

    /// Reads one request (head, then a `Content-Length` body) from `client`; its path, or nil at the end.
    private static func readRequest(_ client: Int32, _ buffer: inout [UInt8], onHead: (String) -> Void) -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        func fill() -> Bool {
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
        var end: Int?
        while end == nil {
            end = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
            if end == nil, !fill() { return nil }
        }
        let head = String(decoding: buffer[0..<end!], as: UTF8.self).split(separator: "\r\n")
        let path = head.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        onHead(path)
        let length =
            head.dropFirst().compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].drop { $0 == " " })
            }.first ?? 0
        while buffer.count < end! + 4 + length {
            if !fill() { return nil }
        }
        buffer.removeFirst(end! + 4 + length)
        return path
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    @discardableResult
    private static func spawn(detached: Bool, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        guard
            pthread_create(
                &thread, nil,
                { argument in
                    Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
                    return nil
                }, box) == 0
        else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
        if detached { pthread_detach(thread) }
        return thread
    }

    private struct ServerFailure: Error {}
}
#endif
