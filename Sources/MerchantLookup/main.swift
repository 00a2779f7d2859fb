import MerchantLookupCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let streams = StandardStreams.process
let environment = ProcessEnvironment.variables
// `--version`, help and usage errors are answered before anything else starts: no signal handler, no
// thread beyond this one.
if let answer = MerchantLookup.answerWithoutCommand(arguments: arguments, environment: environment, streams: streams) {
    exit(MerchantLookup.deliver(answer, to: streams))
}
// SIGINT and SIGTERM exit with 130 and 143, after a token refresh in flight is saved.
let signals = SignalExit()
signals.install()
let outcome = await MerchantLookup.run(
    arguments: arguments, environment: environment, streams: streams, criticalSections: signals.sections)
// Interrupted: the signal handler reports nothing more and exits with the signal's code.
if signals.interrupted { signals.waitForSignalExit() }
signals.finish(MerchantLookup.deliver(outcome, to: streams))
