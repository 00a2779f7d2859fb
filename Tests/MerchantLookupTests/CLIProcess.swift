import Foundation
import Testing

/// Runs the built `merchant-lookup` binary as a real process, as a user would.
struct CLIProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The standard output parsed as a JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "stdout is not a JSON object: \(stdout)")
        }
    }

    /// The binary next to the test bundle (the test target depends on the executable, so it is built),
    /// or `$MERCHANT_LOOKUP_BIN`.
    static var executable: URL {
        if let override = ProcessInfo.processInfo.environment["MERCHANT_LOOKUP_BIN"] {
            return URL(fileURLWithPath: override)
        }
        #if canImport(Darwin)
        // On Apple platforms a test runner loads `<products>/<Package>PackageTests.xctest`, a bundle.
        let me = Bundle(for: BundleMarker.self).bundleURL
        #else
        let me = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        #endif
        var directory = me.deletingLastPathComponent()
        // On Linux the tests run from `<products>/<Package>PackageTests.xctest`, a file in the products folder.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("merchant-lookup").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("merchant-lookup")
    }

    /// Under `--enable-code-coverage`, where the child writes its profile: the test's own `LLVM_PROFILE_FILE`
    /// with `%p` (the process id) added when it has none, so the CLI's code is counted and concurrent children
    /// do not write over each other's profiles. Nil when the test has none (the child then writes nothing,
    /// or `default.profraw` in a coverage build).
    static let profileFile: String? = {
        guard let profile = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"], !profile.isEmpty else { return nil }
        if profile.contains("%p") { return profile }
        if profile.hasSuffix(".profraw") { return String(profile.dropLast(".profraw".count)) + "-%p.profraw" }
        return profile + "-%p"
    }()

    /// Runs the binary like ``run(_:home:environment:)``, waiting for it on a thread of its own.
    ///
    /// Tests should use this one: a test that blocks a thread of Swift's cooperative pool (two threads on a
    /// two-core machine) while a process runs starves the timing-sensitive tests running beside it.
    static func run(
        _ arguments: [String], home: String? = nil, environment extra: [String: String] = [:],
        unprivileged: Bool = false, timeout: Double? = nil, input: String? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result {
                        try run(
                            arguments, home: home, environment: extra, unprivileged: unprivileged, timeout: timeout,
                            input: input) as Result
                    })
            }
        }
    }

    /// Runs the binary with `arguments`, a private state directory unless `home` is given, and no network
    /// settings from the caller's environment. Blocks the calling thread until the process ends.
    ///
    /// `unprivileged`: as ``UnprivilegedUser`` (through `setpriv` or `runuser` when the tests run as root).
    /// `timeout`: the process is killed (SIGKILL) after that many seconds, so a hang fails the test instead of
    /// stopping the suite; the result then has status 128 + 9 and says so in `stderr`.
    /// `input`: written to the process's standard input (from a thread of its own), which is then closed;
    /// without it the process reads the test's standard input.
    static func run(
        _ arguments: [String], home: String? = nil, environment extra: [String: String] = [:],
        unprivileged: Bool = false, timeout: Double? = nil, input: String? = nil
    ) throws -> Result {
        let process = Process()
        if unprivileged, let launcher = UnprivilegedUser.launcher {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C"]
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-home-\(UUID().uuidString)").path
        environment["DASHSPEND_HOME"] = home ?? scratch
        if let profile = profileFile { environment["LLVM_PROFILE_FILE"] = profile }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            Thread.detachNewThread {
                try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
            }
        }
        let killer = timeout.map { seconds in
            let item = DispatchWorkItem { kill(process.processIdentifier, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
            return item
        }
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer?.cancel()
        if home == nil { try? FileManager.default.removeItem(atPath: scratch) }
        if process.terminationReason == .uncaughtSignal {
            return Result(
                status: 128 + process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                stderr: "killed by signal \(process.terminationStatus) (after the \(timeout ?? 0) s time-out?) "
                    + String(decoding: errData, as: UTF8.self))
        }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

#if canImport(Darwin)
/// A class of the test bundle, to find the bundle (``CLIProcess/executable``).
private final class BundleMarker {}
#endif
