import DashSpendTestSupport
import Foundation
import Testing

/// Finding one's way among the commands (issue 21): groups list their commands, a mistyped command gets a
/// suggestion, `help help` and `version` work, help wraps to the terminal's width.
@Suite("Commands and help: groups, did-you-mean, help help, version, wrapping", hangGuard(minutes: 5))
struct CommandHelpTests {
    @Test(
        "A group name lists its commands: `help auth` and `auth --help` exit 0, a bare `auth` 64",
        arguments: [
            ["auth"], ["db"],
        ])
    func groups(_ group: [String]) async throws {
        let viaHelp = try await CLIProcess.run(["help"] + group)
        let viaFlag = try await CLIProcess.run(group + ["--help"])
        let bare = try await CLIProcess.run(group)
        #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(viaHelp.stderr)\(viaFlag.stderr)")
        #expect(bare.status == 64)
        #expect(viaHelp.stdout == viaFlag.stdout && viaHelp.stdout == bare.stdout)
        let expected = group == ["auth"] ? ["auth login", "auth verify", "auth status", "auth logout"] : ["db info"]
        for command in expected { #expect(viaHelp.stdout.contains("  \(command)  "), "\(command): \(viaHelp.stdout)") }
        #expect(!viaHelp.stdout.contains("unknown command") && !bare.stderr.contains("unknown command"))
    }

    @Test("A mistyped command gets did you mean; one far from every command does not")
    func mistypedCommand() async throws {
        let typo = try await CLIProcess.run(["serch", "home"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("unknown command serch home: did you mean search?"), "\(typo.stderr)")
        let sub = try await CLIProcess.run(["auth", "stauts"])
        #expect(sub.stderr.contains("did you mean auth status?"), "\(sub.stderr)")
        let far = try await CLIProcess.run(["xyzzyplugh"])
        #expect(far.status == 64 && !far.stderr.contains("did you mean"), "\(far.stderr)")
        let help = try await CLIProcess.run(["help", "shwo"])
        #expect(help.status == 64 && help.stderr.contains("did you mean show?"), "\(help.stderr)")
    }

    @Test("help help, version and no arguments at all")
    func helpHelpAndVersion() async throws {
        let helpHelp = try await CLIProcess.run(["help", "help"])
        #expect(helpHelp.status == 0 && helpHelp.stdout.hasPrefix("usage: merchant-lookup help [COMMAND]"))
        let version = try await CLIProcess.run(["version"])
        let flag = try await CLIProcess.run(["--version"])
        #expect(version.status == 0 && version.stdout == flag.stdout && version.stdout.hasPrefix("merchant-lookup "))
        let general = try await CLIProcess.run(["help"])
        #expect(general.stdout.contains("  version ") && general.stdout.contains("  help [COMMAND]"))
        let bare = try await CLIProcess.run([])
        #expect(bare.status == 64 && bare.stdout == general.stdout, "\(bare.stderr)")
    }

    @Test("Help is at most 80 columns when not a terminal, continuation lines under the help column")
    func wrapsToEightyColumns() async throws {
        for words in [[], ["search"], ["show"], ["buy"], ["sync"], ["order"]] {
            let help = try await CLIProcess.run(["help"] + words)
            let options = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasSuffix("options:") && !$0.hasPrefix("global options") }
                .prefix { !$0.isEmpty }.dropFirst()
            #expect(!options.isEmpty, "\(words)")
            for line in options {
                #expect(line.count <= 80, "\(words): \(line.count) columns: \(line)")
                #expect(line.hasPrefix("  -") || line.hasPrefix(String(repeating: " ", count: 24)), "\(words): \(line)")
            }
        }
    }
}
