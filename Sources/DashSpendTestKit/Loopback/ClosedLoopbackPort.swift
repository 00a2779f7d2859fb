#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on `127.0.0.1` where nothing listens, for tests of refused connections.
///
/// A socket is bound to the port but never listens, so a connection to it is refused and, unlike the port
/// of a server that was started and stopped, no other server started meanwhile (by a test running in
/// parallel) can take it. The port is released when the value is.
public final class ClosedLoopbackPort: Sendable {
    /// The port number.
    public let port: Int
    private let descriptor: Int32

    /// Binds an ephemeral port without listening on it.
    public init() throws {
        // Close-on-exec: a process a test starts must not keep the port bound after this value is released.
        let descriptor = LoopbackSocket.stream()
        guard descriptor >= 0 else { throw LoopbackError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw LoopbackError("bind: \(message)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
