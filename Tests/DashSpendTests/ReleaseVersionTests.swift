import DashSpend
import Foundation
import Testing

/// One version everywhere: DashSpendRelease.version (what `merchant-lookup --version` prints), the top entry
/// of CHANGELOG.md and the `from:` of the README's "Use it in your package" snippet.
@Suite("The release version is the same in the code, the changelog and the README")
struct ReleaseVersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("DashSpendRelease.version is MAJOR.MINOR.PATCH")
    func semanticVersion() {
        let parts = DashSpendRelease.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test("CHANGELOG.md's newest entry is DashSpendRelease.version")
    func changelog() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let versions = text.split(separator: "\n").filter { $0.hasPrefix("## ") && ($0.dropFirst(3).first?.isNumber ?? false) }
        #expect(versions.first.map { String($0.dropFirst(3)) } == DashSpendRelease.version)
    }

    /// Until a release is tagged the snippet depends on `branch: "main"` (ci/examples.sh resolves it against the
    /// repository, so a tag that does not exist fails there) and shows the `from:` line of the version to come;
    /// once tagged, the `from:` line is the dependency. Either way that line names this version.
    @Test("The README's dependency snippet resolves as it stands and names DashSpendRelease.version with the PiggyCards trait")
    func readme() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Use it in your package").dropFirst().first)
        let lines = section.split(separator: "\n").filter { $0.contains(".package(url:") }
        let dependency = try #require(lines.first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
        #expect(
            dependency.contains(#"branch: "main""#) || dependency.contains(#"from: "\#(DashSpendRelease.version)""#),
            "\(dependency)")
        #expect(dependency.contains(#"traits: ["PIGGYCARDS_ENABLED"]"#), "\(dependency)")
        let release = try #require(lines.first { $0.contains("from: ") }, "no from: line for the release")
        #expect(release.contains(#"from: "\#(DashSpendRelease.version)""#), "\(release)")
        #expect(release.contains(#"traits: ["PIGGYCARDS_ENABLED"]"#), "\(release)")
    }
}
