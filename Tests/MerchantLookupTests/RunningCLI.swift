import DashSpendCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `merchant-lookup` process started in the background, for tests that act on it while it runs (send it a
/// signal): its pid, and its output in files the test can read while it runs.
final class RunningCLI: @unchecked Sendable {
    let process = Process()
    private let folder: String

    /// Starts the binary with `arguments` and `DASHSPEND_HOME=home`.
    init(_ arguments: [String], home: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        process.executableURL = CLIProcess.executable
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home]
        process.standardOutput = FileHandle(forWritingAtPath: folder + "/out")
        process.standardError = FileHandle(forWritingAtPath: folder + "/err")
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the process wrote to stderr so far.
    var stderr: String { (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? "" }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
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

    /// Waits for the end on a thread of its own; the exit status, or nil when a signal killed the process.
    func exitStatus() async -> Int32? {
        let process = self.process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }
}
