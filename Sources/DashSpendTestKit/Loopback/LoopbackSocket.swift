#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the loopback servers that differ between Linux and Apple platforms, in one place.
///
/// Every descriptor is close-on-exec (a process a test starts meanwhile must not hold a port or a connection
/// open), and a write to a connection the client closed fails with `EPIPE` instead of raising `SIGPIPE`:
/// Linux does both per call (`SOCK_CLOEXEC`, `accept4`, `MSG_NOSIGNAL`), Apple platforms per descriptor
/// (`FD_CLOEXEC`, `SO_NOSIGPIPE`).
enum LoopbackSocket {
    /// A new TCP socket (IPv4), or -1 with `errno` set.
    static func stream() -> Int32 {
        #if canImport(Darwin)
        return prepared(socket(AF_INET, SOCK_STREAM, 0))
        #else
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    #if canImport(Darwin)
    /// `descriptor` made close-on-exec and free of `SIGPIPE`; -1 stays -1.
    private static func prepared(_ descriptor: Int32) -> Int32 {
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }
    #else
    /// `accept4(2)` as Glibc has it; Swift's Glibc module declares it only under `_GNU_SOURCE`, so it is
    /// looked up by name.
    private typealias Accept4 =
        @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    private static let accept4: Accept4? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "accept4") else { return nil }
        return unsafeBitCast(symbol, to: Accept4.self)
    }()
    #endif

    /// Accepts a connection on `listener`, close-on-exec from the start where the system can (`accept4`),
    /// else right after; -1 with `errno` set when none was accepted.
    static func accept(_ listener: Int32) -> Int32 {
        #if canImport(Darwin)
        return prepared(Darwin.accept(listener, nil, nil))
        #else
        if let accept4 { return accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }
        let client = Glibc.accept(listener, nil, nil)
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        return client
        #endif
    }

    /// Sends up to `count` bytes at `bytes`: the number sent, or -1 with `errno` set (`EPIPE` when the
    /// client is gone, never a signal).
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.send(descriptor, bytes, count, 0)
        #else
        return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// Resets the connection (`SO_LINGER` 0, then close): the client sees the transfer cut.
    static func reset(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
    }

    /// Starts a thread running `body`; nil when it could not be started.
    static func spawnThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, box)
        #else
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, box)
        #endif
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return nil
        }
        return thread
    }

    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
