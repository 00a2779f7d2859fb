import MerchantLookupCLI

// SIGINT and SIGTERM exit with 130 and 143, after a token refresh in flight is saved.
let signals = SignalExit()
signals.install()
let streams = StandardStreams.process
let outcome = await MerchantLookup.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.variables, streams: streams,
    criticalSections: signals.sections)
// Interrupted: the signal handler reports nothing more and exits with the signal's code.
if signals.interrupted { signals.waitForSignalExit() }
signals.finish(MerchantLookup.deliver(outcome, to: streams))
