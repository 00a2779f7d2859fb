import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `merchant-lookup` binary with standard input and output on files, and reports the peak
/// resident memory of that one process: its `VmHWM` in `/proc/PID/status`, read every few milliseconds
/// while it runs (the high-water mark only grows, so the last reading before the exit is the peak, give or
/// take the last few milliseconds). Not `ru_maxrss`: `posix_spawn` starts the child in the parent's address
/// space (vfork), and Linux carries that address space's peak (the test runner's) into the child's
/// `ru_maxrss`, so it reports the runner's peak, not the child's.
enum PeakMemoryRun {
    /// Whether this system shows a process's `VmHWM` (`/proc`: Linux); tests of peak memory need it.
    static let canMeasure = FileManager.default.isReadableFile(atPath: "/proc/self/status")

    struct Result {
        let status: Int32
        /// The child's peak resident set size, in KiB (0 when it was never read: see ``readings``).
        let peakKiB: Int
        /// How many times `VmHWM` was read while the process ran.
        let readings: Int
    }

    /// Runs `arguments` with `input` as standard input and `output` as standard output (stderr to
    /// `output + ".err"`), `DASHSPEND_HOME=home` and `environment`; blocks a thread of its own until the
    /// process ends.
    static func run(
        _ arguments: [String], input: String = "/dev/null", output: String, home: String,
        environment: [String: String] = [:]
    ) async throws -> Result {
        try await detached { try runBlocking(arguments, input: input, output: output, home: home, environment: environment) }
    }

    /// Runs `body` on a thread of its own (a blocking wait must not hold a thread of the cooperative pool).
    static func detached<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    private struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func runBlocking(
        _ arguments: [String], input: String, output: String, home: String, environment extra: [String: String]
    ) throws -> Result {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil  // an opaque pointer there, a struct on Linux
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else of the test process (other tests' pipes and sockets) reaches the child: a child that
        // held a pipe's write end would keep another test's reader waiting for its end.
        if let closeFrom = addCloseFrom {
            let added = closeFrom(&actions, 3)
            guard added == 0 else {
                throw SpawnFailure(description: "posix_spawn_file_actions_addclosefrom_np: \(String(cString: strerror(added)))")
            }
        }
        let path = CLIProcess.executable.path
        var environment = ["PATH=/usr/bin:/bin", "LANG=C", "DASHSPEND_HOME=\(home)"]
        if let profile = CLIProcess.profileFile { environment.append("LLVM_PROFILE_FILE=\(profile)") }
        environment += extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnFailure(description: "posix_spawn \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var peak = 0
        var readings = 0
        while true {
            if let mark = highWaterMark(pid) {
                peak = max(peak, mark)
                readings += 1
            }
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR {
                throw SpawnFailure(description: "waitpid: \(String(cString: strerror(errno)))")
            }
            usleep(5_000)
        }
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), peakKiB: peak, readings: readings)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later). Swift's Glibc module does not
    /// declare it (it is a GNU extension), so it is looked up by name; nil on an older C library, where the
    /// child then inherits whatever is not close-on-exec.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// `VmHWM` of process `pid` in KiB; nil once it has exited (a zombie has no memory left to report).
    private static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }
}
