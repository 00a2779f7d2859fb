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

    @Test("The README's dependency snippet asks for DashSpendRelease.version with the PiggyCards trait")
    func readme() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Use it in your package").dropFirst().first)
        let dependency = try #require(section.split(separator: "\n").first { $0.contains(".package(url:") })
        #expect(dependency.contains(#"from: "\#(DashSpendRelease.version)""#), "\(dependency)")
        #expect(dependency.contains(#"traits: ["PIGGYCARDS_ENABLED"]"#), "\(dependency)")
    }
}
