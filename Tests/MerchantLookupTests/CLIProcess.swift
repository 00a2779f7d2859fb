import DashSpendTestSupport
import Foundation
import Testing

/// Runs `merchant-lookup` as a user would, and returns its exit status and what it printed.
///
/// By default in process: through `MerchantLookup.run` and `MerchantLookup.deliver`, the two calls the
/// executable's main makes, with the environment, standard input and whether the streams are terminals
/// given by the test and stdout and stderr captured (see ``runInProcess(_:environment:input:terminal:timeout:)``).
/// As a real process of the built binary (`as: .process`) where a process is what is tested: signals, exit
/// codes end to end, processes racing each other, file descriptors and terminals, another user.
struct CLIProcess {
    /// Where the tool runs.
    enum Mode {
        /// In the test's process, through the library's entry point.
        case inProcess
        /// As the built binary, in a process of its own.
        case process
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The first word of each line of stderr: the stages `sync` reports, one line each. (Spelled out here: the
        /// same expression inside `#expect` takes the compiler seconds to type-check.)
        var stderrFirstWords: [String] {
            stderr.split(separator: "\n").map { (line: Substring) -> String in String(line.split(separator: " ").first ?? "") }
        }

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

    /// Runs the tool with `arguments`, a private state directory unless `home` is given, and no network
    /// settings from the caller's environment.
    ///
    /// `input`: its standard input (then closed); without it, in process an empty one, as a process the
    /// test's own. In process, standard input and error say they are terminals when `terminal` (a person at
    /// the keyboard: prompts, progress redrawn in place), else none of the three is.
    /// `timeout`: a hang guard; after that many seconds the result has status 128 + 9 and says so in `stderr`
    /// (a process is killed with SIGKILL; a run in process is left behind).
    /// `unprivileged`: as ``UnprivilegedUser`` (through `setpriv` or `runuser` when the tests run as root),
    /// which needs a process of its own: the run is one whatever `mode` says.
    /// `mode`: in process (the default) or as the built binary.
    static func run(
        _ arguments: [String], home: String? = nil, environment extra: [String: String] = [:],
        unprivileged: Bool = false, timeout: Double? = nil, input: String? = nil, terminal: Bool = false,
        as mode: Mode = .inProcess
    ) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-home-\(UUID().uuidString)").path
        defer { if home == nil { try? FileManager.default.removeItem(atPath: scratch) } }
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home ?? scratch]
        environment.merge(extra) { _, new in new }
        if mode == .inProcess && !unprivileged {
            return try await runInProcess(
                arguments, environment: environment, input: input, terminal: terminal, timeout: timeout)
        }
        precondition(!terminal, "a terminal is given only to a run in process")
        if let profile = profileFile, extra["LLVM_PROFILE_FILE"] == nil { environment["LLVM_PROFILE_FILE"] = profile }
        let processEnvironment = environment
        // On a thread of its own: a test that blocks a thread of Swift's cooperative pool (two threads on a
        // two-core machine) while a process runs starves the tests running beside it.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result {
                        try runBinary(
                            arguments, environment: processEnvironment, unprivileged: unprivileged, timeout: timeout, input: input
                        )
                    })
            }
        }
    }

    /// Runs the binary with `arguments` and exactly `environment`; blocks the calling thread until it ends.
    /// Without `input`, standard input is the test's own.
    private static func runBinary(
        _ arguments: [String], environment: [String: String], unprivileged: Bool, timeout: Double?, input: String?
    ) throws -> Result {
        var command = [executable.path] + arguments
        if unprivileged, let launcher = UnprivilegedUser.launcher { command = launcher + command }
        let output = try ChildProcess.run(
            command[0], Array(command.dropFirst()), environment: environment, input: input,
            stdin: input == nil ? .inherit : nil, timeout: timeout)
        if case .signaled(let signal) = output.termination {
            return Result(
                status: 128 + signal, stdout: output.stdout,
                stderr: "killed by signal \(signal) (after the \(timeout ?? 0) s time-out?) " + output.stderr)
        }
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }
}

#if canImport(Darwin)
/// A class of the test bundle, to find the bundle (``CLIProcess/executable``).
private final class BundleMarker {}
#endif
