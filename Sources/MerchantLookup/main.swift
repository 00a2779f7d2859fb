import MerchantLookupCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import Foundation
#endif

/// Writes all of `text` to the file descriptor; false when it could not (a full disk, a closed terminal).
func emit(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR || errno == EAGAIN { continue }
        if written <= 0 { return false }
        bytes = bytes.dropFirst(written)
    }
    return true
}

#if canImport(Darwin)
// Darwin's headers do not declare `environ`; Foundation reads the same variables.
let environment = ProcessInfo.processInfo.environment
#else
var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}
#endif

// SIGINT and SIGTERM exit with 130 and 143, after a token refresh in flight is saved.
let signals = SignalExit()
signals.install()
// A batch `show` writes each result as soon as it is ready, unbuffered, so a script reading the pipe sees it.
let outcome = await MerchantLookup.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, criticalSections: signals.sections,
    output: { emit($0, to: 1) })
// Interrupted: the signal handler reports nothing more and exits with the signal's code.
if signals.interrupted { signals.waitForSignalExit() }
guard emit(outcome.output, to: 1) else {
    _ = emit("merchant-lookup: the output could not be written\n", to: 2)
    signals.finish(ExitCode.outputFailed.rawValue)
}
for note in outcome.notes { _ = emit(note + "\n", to: 2) }
if let error = outcome.error { _ = emit(error + "\n", to: 2) }
signals.finish(outcome.exitCode.rawValue)
