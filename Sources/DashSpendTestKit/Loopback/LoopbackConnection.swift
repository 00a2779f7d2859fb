#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The client connection a ``LoopbackHTTPServer/StreamHandler`` answers on: it writes the head and the body
/// itself, as fast or as slowly as it likes, and may stop half way or reset the connection.
final class LoopbackConnection: @unchecked Sendable {
    private let client: Int32
    /// Whether ``reset()`` closed the connection (the server then does not close it again).
    private(set) var wasReset = false

    init(_ client: Int32) {
        self.client = client
    }

    /// Sends the status line and `headers`, with `Content-Length: length` when given and `Connection: close`.
    @discardableResult
    func sendHead(status: Int, headers: [String: String], contentLength length: Int?) -> Bool {
        let response = LoopbackResponse(status: status, headers: headers)
        return LoopbackHTTPServer.sendAll(
            LoopbackHTTPServer.head(response, framing: length.map { ["Content-Length: \($0)"] } ?? []), to: client)
    }

    /// Sends `bytes`; false when the client went away.
    @discardableResult
    package func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = LoopbackSocket.send(client, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Sends `bytes`; false when the client went away.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send($0) }
    }

    /// Waits until the client closes the connection or `seconds` pass, sending nothing.
    package func hold(seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        while recv(client, &byte, 1, 0) > 0 {}
    }

    /// Resets the connection (`SO_LINGER` 0, then close): the client sees the transfer cut.
    package func reset() {
        guard !wasReset else { return }
        wasReset = true
        LoopbackSocket.reset(client)
    }
}
