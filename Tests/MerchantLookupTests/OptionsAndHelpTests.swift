import DashSpendTestSupport
import Foundation
import Testing

/// Options are declared once as data: the same declarations drive parsing, `--help`, `help COMMAND` and
/// the errors; failures with `--json` are a JSON object on stdout with the same exit code.
@Suite("Help, validation and errors come from the one declaration of each option", hangGuard(minutes: 3))
struct OptionsAndHelpTests {
    static let commands = [
        ["providers"], ["search"], ["show"], ["territories"], ["atms"], ["db", "info"], ["auth", "login"],
        ["auth", "verify"], ["auth", "status"], ["auth", "logout"], ["sync"], ["buy"], ["orders"], ["order"],
    ]

    @Test("`help COMMAND` and `COMMAND --help` print the same text, naming every option the command takes")
    func helpIsTheSameBothWays() async throws {
        for words in Self.commands {
            let viaHelp = try await CLIProcess.run(["help"] + words)
            let viaFlag = try await CLIProcess.run(words + ["--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(words): \(viaHelp.stderr)\(viaFlag.stderr)")
            #expect(viaHelp.stdout == viaFlag.stdout, "\(words)")
            #expect(viaHelp.stdout.hasPrefix("usage: merchant-lookup \(words.joined(separator: " "))"), "\(viaHelp.stdout)")
            // The globals and exit codes are said once, in `merchant-lookup help`, which the command's help names.
            #expect(viaHelp.stdout.contains("global options and exit codes: `merchant-lookup help`"), "\(words)")
            #expect(!viaHelp.stdout.contains("--state-dir") && !viaHelp.stdout.contains("exit codes:\n"), "\(words)")
        }
        let general = try await CLIProcess.run(["help"])
        for global in ["--network", "--db", "--state-dir", "--country", "--json", "--verbose", "--quiet", "--ctx-url"] {
            #expect(general.stdout.contains(global), "help lacks \(global)")
        }
        for code in ["64", "65", "66", "69", "70", "73", "75", "77"] {
            #expect(general.stdout.contains("  \(code) "), "help lacks exit code \(code)")
        }
        let search = try await CLIProcess.run(["help", "search"])
        for option in ["--provider", "--type", "--payment", "--denominations", "--territory", "--near", "--radius", "--sort"] {
            #expect(search.stdout.contains(option), "search help lacks \(option)")
        }
    }

    @Test("An unknown option is 64 and suggests the nearest known one")
    func unknownOptionSuggestsTheNearest() async throws {
        let typo = try await CLIProcess.run(["search", "--terittory", "Texas"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("unknown option --terittory (did you mean --territory?)"), "\(typo.stderr)")
        let far = try await CLIProcess.run(["search", "--xyzzyplugh"])
        #expect(far.status == 64)
        #expect(!far.stderr.contains("did you mean"), "\(far.stderr)")
        let unknownHelp = try await CLIProcess.run(["help", "frobnicate"])
        #expect(unknownHelp.status == 64)
    }

    @Test("Values are checked as declared, by every command (--timeout, --network)")
    func valuesAreValidatedEverywhere() async throws {
        for words in [["providers"], ["territories"], ["db", "info"], ["auth", "status"]] {
            let timeout = try await CLIProcess.run(words + ["--timeout", "0"])
            #expect(timeout.status == 64, "\(words): \(timeout.stderr)")
            #expect(timeout.stderr.contains("--timeout must be a number"), "\(timeout.stderr)")
            let network = try await CLIProcess.run(words + ["--network", "moon"])
            #expect(network.status == 64, "\(words): \(network.stderr)")
        }
    }

    @Test("With --json a failure is {\"error\":{code,message,hint}} on stdout, with the same exit code")
    func jsonErrors() async throws {
        let missing = try await CLIProcess.run(["show", "no-such-merchant", "--offline", "--json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.isEmpty)
        let error = try #require(try missing.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "notFound")
        #expect((error["message"] as? String)?.contains("no-such-merchant") == true)

        let database = try await CLIProcess.run(["search", "--db", "/nonexistent/explore.db", "--json"])
        #expect(database.status == 66)
        let dbError = try #require(try database.json()["error"] as? [String: Any])
        #expect(dbError["code"] as? String == "missingInput")
        #expect((dbError["hint"] as? String)?.contains("--db") == true)
        #expect(!((dbError["message"] as? String) ?? "").contains("--db"), "the library's message names no option")
    }

    @Test("--home stays accepted as the old name of --state-dir")
    func stateDirAlias() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-alias-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for option in ["--state-dir", "--home"] {
            let status = try await CLIProcess.run(["auth", "status", "--json", option, directory.path])
            #expect(status.status == 0, "\(option): \(status.stderr)")
        }
    }

    @Test("The README names every command and every option --help lists")
    func readmeAgreesWithHelp() async throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        var missing: [String] = []
        // The global options are listed once, by `merchant-lookup help`; each command's own by its help.
        for words in [[]] + Self.commands {
            if !words.isEmpty, !text.contains("merchant-lookup " + words.joined(separator: " ")) {
                missing.append(words.joined(separator: " "))
            }
            let help = try await CLIProcess.run(["help"] + words)
            // The synopsis column of each option line: `  -v, --verbose    help…` → ["-v", "--verbose"].
            let options = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }
                .flatMap { line -> [String] in
                    let synopsis = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
                    return synopsis.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                        .filter { $0.hasPrefix("-") }
                }
            if words.isEmpty { try #require(!options.isEmpty, "no global options in `merchant-lookup help`") }
            for option in options {
                let pattern = "(^|[^A-Za-z0-9-])" + NSRegularExpression.escapedPattern(for: option) + "($|[^A-Za-z0-9-])"
                if text.range(of: pattern, options: .regularExpression) == nil {
                    missing.append("\(words.joined(separator: " ")): \(option)")
                }
            }
        }
        #expect(missing.isEmpty, "the README lacks: \(Set(missing).sorted())")
    }
}
