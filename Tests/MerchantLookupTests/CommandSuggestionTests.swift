import DashSpendTestSupport
import Foundation
import Testing

/// A mistyped command is compared with the commands word for word (issue 27): the arguments after it are not
/// part of its name, and a command typed in another case is that command.
@Suite("Unknown commands suggest the command meant, not one the arguments look like", hangGuard(minutes: 5))
struct CommandSuggestionTests {
    /// A typed command line and the command it should suggest.
    struct Case: CustomTestStringConvertible, Sendable {
        let typed: [String]
        let meant: String
        var testDescription: String { typed.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(typed: ["auth", "logn", "ctx"], meant: "auth login"),
        Case(typed: ["auth", "lgin", "ctx"], meant: "auth login"),
        Case(typed: ["auth", "loign", "ctx"], meant: "auth login"),
        Case(typed: ["auth", "verfy", "ctx"], meant: "auth verify"),
        Case(typed: ["auth", "logot", "ctx"], meant: "auth logout"),
        Case(typed: ["Search", "home"], meant: "search"),
        Case(typed: ["serch", "home"], meant: "search"),
        Case(typed: ["db", "ifno"], meant: "db info"),
    ]

    @Test("The suggestion names the command meant; exit 64", arguments: cases)
    func suggests(_ example: Case) async throws {
        let result = try await CLIProcess.run(example.typed)
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "merchant-lookup: unknown command \(example.typed.joined(separator: " ")): did you mean \(example.meant)? "
                + "see `merchant-lookup help`\n", "\(result.stderr)")
    }

    @Test("Nothing close: no suggestion")
    func nothingClose() async throws {
        let result = try await CLIProcess.run(["frobnicate", "wibble"])
        #expect(result.status == 64)
        #expect(result.stderr == "merchant-lookup: unknown command frobnicate wibble: see `merchant-lookup help`\n")
    }
}
