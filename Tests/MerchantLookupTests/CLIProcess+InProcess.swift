import DashSpendCore
import DashSpendLocking
import Foundation
import MerchantLookupCLI

#if canImport(Glibc)
import Glibc
#endif

extension CLIProcess {
    /// Runs the tool in this process as the executable's main does (`MerchantLookup.run`, then
    /// `MerchantLookup.deliver`), with exactly `environment`, `input` (or nothing) on standard input, and
    /// standard output and error captured: the same bytes and exit status a process of the binary gives,
    /// without starting one. Standard input and error say they are terminals when `terminal`; standard output
    /// never does.
    static func runInProcess(
        _ arguments: [String], environment: [String: String], input: String?, terminal: Bool = false, timeout: Double?
    ) async throws -> Result {
        let standardInput = try StandardInputFile(input ?? "")
        defer { standardInput.close() }
        let stdout = CapturedText()
        let stderr = CapturedText()
        let streams = StandardStreams(
            input: StandardInput(descriptor: standardInput.descriptor, isTerminal: terminal),
            output: StandardOutput(isTerminal: false) { stdout.append($0) },
            error: StandardError(isTerminal: terminal) { stderr.append($0) })
        let run: @Sendable () async -> Int32 = {
            let outcome = await MerchantLookup.run(arguments: arguments, environment: environment, streams: streams)
            return MerchantLookup.deliver(outcome, to: streams)
        }
        guard let status = await hangGuarded(timeout, run) else {
            return Result(
                status: 128 + SIGKILL, stdout: stdout.text,
                stderr: "still running after the \(timeout ?? 0) s time-out (in process) " + stderr.text)
        }
        return Result(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// `body`'s result, or nil when `timeout` seconds pass first (the body is then left to end on its own).
    private static func hangGuarded(_ timeout: Double?, _ body: @escaping @Sendable () async -> Int32) async -> Int32? {
        guard let timeout else { return await body() }
        let answered = Locked(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
            let answer: @Sendable (Int32?) -> Void = { value in
                let first = answered.withLock { done -> Bool in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: value) }
            }
            Task { answer(await body()) }
            Task {
                try? await Task.sleep(seconds: timeout)
                answer(nil)
            }
        }
    }
}
