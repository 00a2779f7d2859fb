import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests start with `posix_spawn`, not Foundation's `Process`: on Linux, `Process.run()` of
/// swift-corelibs-foundation up to Swift 6.3 copies whole `dirent` records while it lists `/proc/self/fd`, reads
/// past `readdir`'s buffer now and then and crashes the test process (swiftlang/swift-corelibs-foundation#5472;
/// seen here in `StateSafetyTests`, after which the children left behind kept `swift test` waiting).
///
/// The child gets only standard input, output and error (every other descriptor of the test process is
/// closed in it), no signal blocked or ignored (a thread of Swift's pool blocks most; a child would inherit
/// that), and exactly the environment given.
package struct ChildProcess: Sendable {
    /// Where one of the child's standard streams comes from or goes to.
    package enum Stream: Sendable {
        /// The test process's own.
        case inherit
        /// A file: read for standard input; created or truncated for output and error.
        case file(String)
        /// A descriptor of the test process (an end of a pipe), given to the child under the stream's number.
        case descriptor(Int32)
    }

    /// How a child ended.
    package enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or 128 + the signal, as a shell reports it.
        package var status: Int32 {
            switch self {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        }
    }

    /// What a run to the end printed, and how it ended.
    package struct Output: Sendable {
        package let termination: Termination
        package let stdout: String
        package let stderr: String
        /// Whether the run was killed because it outlasted its time-out.
        package let timedOut: Bool

        /// ``Termination/status``.
        package var status: Int32 { termination.status }
    }

    /// What went wrong starting a child.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The child's process id.
    package let pid: Int32

    /// Starts `path` with `arguments` (without argv[0]) and `environment` (nil: the test process's own).
    package init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, stdin: Stream = .file("/dev/null"),
        stdout: Stream = .file("/dev/null"), stderr: Stream = .file("/dev/null")
    ) throws {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        for (number, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit: break
            case .file(let file):
                let flags = number == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, number, file, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
            }
        }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        // Every descriptor not named above is closed in the child; the three streams are, so they stay.
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        for number in Int32(0)...2 where Self.isInherited(number, stdin, stdout, stderr) {
            posix_spawn_file_actions_addinherit_np(&actions, number)
        }
        #else
        _ = Self.closeFrom?(&actions, 3)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure(description: "cannot start \(path): \(String(cString: strerror(code)))") }
        self.pid = pid
    }

    #if !canImport(Darwin)
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), found by name: Swift's Glibc module does not
    /// declare it. Without it, only descriptors opened close-on-exec stay out of the child.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
    #endif

    #if canImport(Darwin)
    private static func isInherited(_ number: Int32, _ streams: Stream...) -> Bool {
        if case .inherit = streams[Int(number)] { return true }
        return false
    }
    #endif

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Blocks the calling thread until the child ends, and reaps it.
    package func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Self.termination(status)
    }

    /// How the child ended, reaping it, or nil while it runs. Once it returned an end, call neither this nor
    /// ``wait()`` again.
    package func poll() -> Termination? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.termination(status) }
            if reaped < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Blocks the calling thread until the child ends or `seconds` have passed: then it is killed (SIGKILL)
    /// and reaped. The termination, and whether it was killed for the time.
    package func wait(killingAfter seconds: Double) -> (Termination, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return (Self.termination(status), false) }
            if reaped < 0, errno != EINTR { return (.exited(-1), false) }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                return (wait(), true)
            }
            usleep(2_000)
        }
    }

    private static func termination(_ status: Int32) -> Termination {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
    }

    /// Runs `path` to its end, blocking the calling thread: standard input from `input` (nil: `stdin`, else
    /// `/dev/null`), output (unless `stdout` is given) and error captured, through files, so a large output
    /// never blocks the child. With `timeout`, killed (SIGKILL) after that many seconds.
    package static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        stdin: Stream? = nil, stdout: Stream? = nil, timeout: Double? = nil
    ) throws -> Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var standardInput = stdin ?? .file("/dev/null")
        if let input {
            try Data(input.utf8).write(to: URL(fileURLWithPath: folder + "/in"))
            standardInput = .file(folder + "/in")
        }
        let child = try ChildProcess(
            path, arguments, environment: environment, stdin: standardInput, stdout: stdout ?? .file(folder + "/out"),
            stderr: .file(folder + "/err"))
        let (termination, timedOut) = timeout.map { child.wait(killingAfter: $0) } ?? (child.wait(), false)
        // Decoded as the pipes were: bytes that are not UTF-8 are repaired, not the whole output dropped.
        func read(_ name: String) -> String {
            String(decoding: FileManager.default.contents(atPath: folder + "/" + name) ?? Data(), as: UTF8.self)
        }
        return Output(termination: termination, stdout: read("out"), stderr: read("err"), timedOut: timedOut)
    }
}
