import DashSpend
import Testing

@testable import MerchantLookupCLI

/// The executable asks ``MerchantLookup/answerWithoutCommand(arguments:streams:)`` first, so that
/// `--version`, help and usage errors start no thread and install no signal handler; what it answers must be
/// what ``MerchantLookup/run(arguments:environment:streams:criticalSections:)`` answers.
@Suite("Answers that need no command are given at once, and the same as a full run")
struct AnswerWithoutCommandTests {
    @Test(
        "version, help, group listings and usage errors are answered without a command",
        arguments: [
            ["--version"], ["version"], ["help"], ["help", "show"], ["help", "help"], ["auth"], ["show", "--help"],
            ["serch"], [], ["show", "--no-such-option"], ["--json", "serch"], ["help", "--man"],
        ])
    func answered(_ arguments: [String]) async throws {
        let answer = try #require(MerchantLookup.answerWithoutCommand(arguments: arguments))
        let full = await MerchantLookup.run(arguments: arguments, environment: [:])
        #expect(answer.output == full.output)
        #expect(answer.error == full.error)
        #expect(answer.exitCode == full.exitCode)
    }

    @Test(
        "a command line that runs a command is left to run",
        arguments: [["show", "home depot"], ["search"], ["providers"], ["db", "info"], ["completions", "bash"]])
    func leftToRun(_ arguments: [String]) {
        #expect(MerchantLookup.answerWithoutCommand(arguments: arguments) == nil)
    }
}
