import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import Foundation
#endif

/// Starts a program with `posix_spawn`, waits for it, and reports the wall time on the monotonic clock and
/// the child's peak memory. Standard input comes from a file (or `/dev/null`), standard output goes to a file
/// (or `/dev/null`), standard error to `/dev/null`.
enum ProcessRunner {
    /// The outcome of one run.
    struct Run {
        /// Wall time from spawn to reaped exit, in milliseconds.
        let milliseconds: Double
        /// The exit status (or 128 + signal).
        let status: Int32
        /// The child's peak resident memory in KiB: with `sampleMemory`, the last `VmHWM` read from
        /// `/proc/PID/status` (every 5 ms) before it exited; else 0. (`ru_maxrss` cannot be used: a child of
        /// `posix_spawn` shares this process's memory until its exec, and Linux records this process's peak
        /// as the child's.)
        var peakKilobytes = 0
        /// The child's CPU time, user and system, in milliseconds.
        var cpuMilliseconds = 0.0
    }

    /// `VmHWM` (peak resident memory) of process `pid`, in KiB; 0 when it cannot be read.
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = FileSystem.read("/proc/\(pid)/status"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// User plus system time of `usage`, in milliseconds.
    static func cpuMilliseconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    }

    /// Runs `path` with `arguments` (without argv[0]).
    static func run(
        _ path: String, _ arguments: [String], stdout output: String = "/dev/null", stdin input: String = "/dev/null",
        sampleMemory: Bool = false
    ) -> Run {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil  // an opaque pointer there, a struct on Linux
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = MonotonicClock()
        let start = clock.now
        var pid = pid_t()
        #if canImport(Darwin)
        // Darwin's headers do not declare `environ`; Foundation reads the same variables.
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        #else
        let environment = environ
        #endif
        guard posix_spawn(&pid, path, &actions, nil, argv, environment) == 0 else {
            return Run(milliseconds: 0, status: 127)
        }
        var status: Int32 = 0
        var usage = rusage()
        var peak = 0
        if sampleMemory {
            while wait4(pid, &status, WNOHANG, &usage) == 0 {
                peak = max(peak, highWaterMark(pid))
                usleep(5_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        }
        let elapsed = (clock.now - start).milliseconds
        let exited = status & 0x7f == 0
        return Run(
            milliseconds: elapsed, status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            peakKilobytes: peak, cpuMilliseconds: cpuMilliseconds(usage))
    }
}

#if os(Linux)
extension ProcessRunner {
    /// `ptrace(2)`, found by name: glibc declares it variadic, which Swift cannot call. Every argument is an
    /// integer or a pointer, passed as in a call with a prototype.
    private typealias Ptrace = @convention(c) (Int32, pid_t, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int
    private static let ptrace: Ptrace? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ptrace") else { return nil }
        return unsafeBitCast(symbol, to: Ptrace.self)
    }()

    /// The peak resident memory (`VmHWM`, KiB) of one run of `path` with `arguments`, read exactly at its exit:
    /// the process is traced (`PTRACE_SEIZE` with `PTRACE_O_TRACEEXIT`) and its `/proc/PID/status` read at the
    /// exit stop, while its memory still exists. (Sampling misses the end of a process of a few milliseconds, and
    /// `ru_maxrss` of a spawned child counts the parent's memory.) It starts as `/bin/sh`, which stops itself
    /// until traced, then `exec`s the program: the figure is the program's alone. 0 when it cannot be traced.
    static func peakMemory(_ path: String, _ arguments: [String], stdin input: String = "/dev/null") -> Int {
        guard let ptrace else { return 0 }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let command = ["/bin/sh", "-c", "kill -STOP $$; exec \"$@\"", "sh", path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0 else { return 0 }
        var status: Int32 = 0
        // Stopped by itself: trace it, stopping at its exit, then let it go on.
        while waitpid(pid, &status, WUNTRACED) < 0, errno == EINTR {}
        let seize: Int32 = 0x4206
        let traceExit = 0x40
        let cont: Int32 = 7
        guard ptrace(seize, pid, nil, UnsafeMutableRawPointer(bitPattern: traceExit)) == 0 else {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return 0
        }
        kill(pid, SIGCONT)
        var peak = 0
        while true {
            guard waitpid(pid, &status, Int32(__WALL)) >= 0 else {
                if errno == EINTR { continue }
                return peak
            }
            if status & 0x7f == 0 || (status & 0x7f != 0x7f) { return peak }  // exited, or killed by a signal
            let signal = (status >> 8) & 0xff
            let event = status >> 16
            if event == 6 { peak = highWaterMark(pid) }  // PTRACE_EVENT_EXIT: its memory is still there
            // An event stop resumes as it was; a signal is delivered as it would have been.
            _ = ptrace(cont, pid, nil, UnsafeMutableRawPointer(bitPattern: event == 0 ? Int(signal) : 0))
        }
    }
}
#endif
