import DashSpendTestSupport
import Foundation
import Testing

/// `completions bash|zsh|fish` and `help --man`, generated from the declarations (issue 21): a real bash
/// completes with the script, and every command and option is in each.
@Suite("Shell completion and the man page come from the declarations", hangGuard(minutes: 5))
struct CompletionsAndManTests {
    static let commands = OptionsAndHelpTests.commands.map { $0.joined(separator: " ") } + ["completions"]

    /// What bash completes for `words` (the last one being completed) with the generated script.
    static func complete(_ script: String, _ words: [String]) throws -> [String] {
        let directory = try ScratchDirectory()
        let file = directory.file("merchant-lookup.bash")
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try ChildProcess.run(
            "/bin/bash",
            [
                "-c",
                "source '\(file)'; COMP_WORDS=(merchant-lookup \(quoted)); COMP_CWORD=\(words.count); _merchant_lookup; "
                    + "printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
        return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash: commands, group commands, a command's options and an option's values complete in a real bash")
    func bash() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let result = try await CLIProcess.run(["completions", "bash"])
        #expect(result.status == 0, "\(result.stderr)")
        let script = result.stdout
        #expect(try Self.complete(script, ["se"]) == ["search"])
        #expect(try Self.complete(script, ["auth", "l"]).sorted() == ["login", "logout"])
        #expect(try Self.complete(script, ["search", "--ter"]) == ["--territory"])
        #expect(try Self.complete(script, ["search", "--type", "o"]) == ["online"])
        #expect(try Self.complete(script, ["order", "x", "--wait-t"]) == ["--wait-timeout"])
        #expect(try Self.complete(script, ["completions", "f"]) == ["fish"])
    }

    @Test("zsh and fish name every command and every option; a missing shell is 64")
    func zshAndFish() async throws {
        let zsh = try await CLIProcess.run(["completions", "zsh"])
        #expect(zsh.status == 0 && zsh.stdout.hasPrefix("#compdef merchant-lookup"))
        let fish = try await CLIProcess.run(["completions", "fish"])
        #expect(fish.status == 0)
        for command in Self.commands {
            let last = command.split(separator: " ").last.map(String.init) ?? command
            #expect(fish.stdout.contains("-a \(last) "), "fish lacks \(command)")
        }
        for option in ["-l territory", "-l wait-timeout", "-l state-dir", "-l quiet"] {
            #expect(fish.stdout.contains(option), "fish lacks \(option)")
        }
        let none = try await CLIProcess.run(["completions"])
        #expect(none.status == 64)
        let other = try await CLIProcess.run(["completions", "powershell"])
        #expect(other.status == 64)
    }

    @Test("help --man is a troff page with every command, the global options and the exit codes")
    func manPage() async throws {
        let result = try await CLIProcess.run(["help", "--man"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdout
        #expect(page.hasPrefix(".TH MERCHANT-LOOKUP 1"))
        for command in Self.commands { #expect(page.contains(".SS \(command)"), "man lacks \(command)") }
        for option in ["\\-\\-state\\-dir", "\\-\\-territory", "\\-\\-wait\\-timeout"] {
            #expect(page.contains(option), "man lacks \(option)")
        }
        #expect(page.contains(".SH EXIT STATUS") && page.contains(".B 64"))
        let stray = try await CLIProcess.run(["search", "--man"])
        #expect(stray.status == 64)
    }
}
