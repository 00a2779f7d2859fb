import DashSpendTestSupport
import Foundation
import Testing

/// The README's `--json` contract names every key the commands print (issue 27: the `search --json` line left
/// out `available` and `total`).
@Suite("The README's JSON contract names what the commands print", hangGuard(minutes: 5))
struct ReadmeJSONContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README's entry for `command --json`: from its `- \`command --json\`` bullet to the next bullet.
    static func entry(_ command: String) throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("- `\(command) --json`") }, "no entry for \(command)")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("- ") || $0.isEmpty } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test("search --json: every key of the page and of a merchant is in the README's entry")
    func search() async throws {
        let entry = try Self.entry("search")
        let result = try await CLIProcess.run(["search", "--json", "--near", "30.2672,-97.7431", "--radius", "50"])
        let page = try result.json()
        let merchant = try #require((page["merchants"] as? [[String: Any]])?.first)
        let miss = try await CLIProcess.run(["search", "starbuks", "--json"]).json()
        let suggestion = try #require((miss["suggestions"] as? [[String: Any]])?.first)
        for key in Set(page.keys).union(merchant.keys).union(suggestion.keys) {
            #expect(entry.contains("\"\(key)\""), "the README's search --json entry lacks \"\(key)\"")
        }
    }

    @Test("version --json: its keys are in the README's entry")
    func version() async throws {
        let entry = try Self.entry("version")
        for key in try await CLIProcess.run(["version", "--json"]).json().keys {
            #expect(entry.contains("\"\(key)\""), "the README's version --json entry lacks \"\(key)\"")
        }
    }
}
