import MerchantLookupCLI

// Process-wide settings (SQLite's), before anything opens a database.
MerchantLookup.prepareProcess()
let (arguments, streams) = (Array(CommandLine.arguments.dropFirst()), StandardStreams.process)
// `--version`, help and usage errors are answered before anything else starts (no signal handler, no thread,
// not even the environment read).
if let answer = MerchantLookup.answerWithoutCommand(arguments: arguments, streams: streams) {
    SignalExit.exitAtOnce(MerchantLookup.deliver(answer, to: streams))
}
// SIGINT and SIGTERM exit with 130 and 143, after a token refresh in flight is saved.
let signals = SignalExit().installed()
// The command runs on this thread (see CallerThreadExecutor), not on the concurrency runtime's pool. Its client
// stays open until the exit frees it: closing its databases was 4% of an offline `show`.
let outcome = CallerThreadExecutor.run {
    await MerchantLookup.run(
        arguments: arguments, environment: ProcessEnvironment.variables, criticalSections: signals.sections,
        keepingClient: true)
}
// After a signal, the handler reports nothing more and exits with the signal's code.
signals.finish(delivering: outcome, to: streams)
