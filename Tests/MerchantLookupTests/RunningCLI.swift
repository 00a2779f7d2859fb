import DashSpendCore
import DashSpendLocking
import DashSpendTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `merchant-lookup` process started in the background, for tests that act on it while it runs (send it a
/// signal): its pid, and its output in files the test can read while it runs.
final class RunningCLI: @unchecked Sendable {
    let child: ChildProcess
    private let folder: String
    /// How it ended, once reaped.
    private let ended = Locked<ChildProcess.Termination?>(nil)

    /// Starts the binary with `arguments` and `DASHSPEND_HOME=home`.
    init(_ arguments: [String], home: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        child = try ChildProcess(
            CLIProcess.executable.path, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home],
            stdout: .file(folder + "/out"), stderr: .file(folder + "/err"))
    }

    deinit {
        if termination == nil {
            child.send(SIGKILL)
            _ = child.wait()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the process wrote to stderr so far.
    var stderr: String { (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? "" }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Waits (suspending) until stderr contains `text`; false after `timeout` seconds.
    func waitForStderr(containing text: String, timeout: Double) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !stderr.contains(text) {
            if Date() >= deadline { return false }
            try await Task.sleep(seconds: 0.01)
        }
        return true
    }

    /// Whether the process has not ended yet (an ended one is reaped, its end kept for ``exitStatus()``).
    var isRunning: Bool { termination == nil }

    /// How it ended, reaping it if it just did; nil while it runs. Under the lock: one reaper at a time.
    private var termination: ChildProcess.Termination? {
        let child = self.child
        return ended.withLock { ended in
            if ended == nil { ended = child.poll() }
            return ended
        }
    }

    /// Waits for the end (checking every 2 ms) on a thread of its own; the exit status, or nil when a signal
    /// killed the process.
    func exitStatus() async -> Int32? {
        let termination = await withCheckedContinuation { (continuation: CheckedContinuation<ChildProcess.Termination, Never>) in
            Thread.detachNewThread {
                while true {
                    if let termination = self.termination { return continuation.resume(returning: termination) }
                    usleep(2_000)
                }
            }
        }
        if case .exited(let code) = termination { return code }
        return nil
    }
}
