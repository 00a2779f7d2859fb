import DashSpendCore
import DashSpendTestSupport
import Foundation
import MerchantLookupCLI
import Testing

/// `--json version` answers in JSON, `completions` with an unknown shell names the shells it knows, and bash
/// completes options before the command (issue 27).
@Suite("version as JSON, completions for an unknown shell, bash option completion", hangGuard(minutes: 5))
struct VersionAndCompletionTests {
    @Test("`--json version`, `version --json` and `--version --json`: one JSON object with the version and providers")
    func versionAsJSON() async throws {
        for arguments in [["--json", "version"], ["version", "--json"], ["--version", "--json"]] {
            let result = try await CLIProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let object = try result.json()
            #expect(object["version"] as? String == MerchantLookup.version, "\(arguments): \(result.stdout)")
            #expect(object["providers"] as? [String] == GiftCardProvider.allCases.map(\.displayName))
        }
        let text = try await CLIProcess.run(["version"])
        #expect(text.stdout.hasPrefix("merchant-lookup \(MerchantLookup.version) (providers: "))
    }

    @Test("completions powershell: 64, naming the shells it knows")
    func unknownShell() async throws {
        let result = try await CLIProcess.run(["completions", "powershell"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix("merchant-lookup: no completion script for powershell: the shells known are bash, zsh, fish"),
            "\(result.stderr)")
        let none = try await CLIProcess.run(["completions"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("completions needs a shell: bash, zsh, fish"), "\(none.stderr)")
    }

    @Test("bash completes the global options before the command, and a command's options after it")
    func bashOptions() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let script = try await CLIProcess.run(["completions", "bash"]).stdout
        #expect(try CompletionsAndManTests.complete(script, ["--ne"]) == ["--network"])
        #expect(try CompletionsAndManTests.complete(script, ["--st"]) == ["--state-dir"])
        #expect(try CompletionsAndManTests.complete(script, ["search", "--ter"]) == ["--territory"])
        #expect(try CompletionsAndManTests.complete(script, ["se"]) == ["search"])
    }
}
