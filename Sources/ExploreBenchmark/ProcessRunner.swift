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
