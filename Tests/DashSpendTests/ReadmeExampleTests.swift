import Foundation
import Testing

/// The README's library example is a file CI compiles and runs: Examples/Sources/ReadmeExample/main.swift,
/// in a package that depends on this one as an app's would. This keeps the two the same text.
@Suite("The README's library example is the example CI builds")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let marker = "<!-- The block below is Examples/Sources/ReadmeExample/main.swift, verbatim"

    @Test("The swift block after the marker in README.md is Examples/Sources/ReadmeExample/main.swift, byte for byte")
    func sameText() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/Sources/ReadmeExample/main.swift"), encoding: .utf8)
        let block = try #require(Self.block(after: Self.marker, in: readme), "no ```swift block after the marker")
        #expect(block == example)
    }

    @Test("The block is found only right after its marker, whole")
    func extraction() {
        let text = "intro\n<!-- m -->\n```swift\nlet a = 1\n\nprint(a)\n```\nafter\n```swift\nother\n```\n"
        #expect(Self.block(after: "<!-- m -->", in: text) == "let a = 1\n\nprint(a)\n")
        #expect(Self.block(after: "<!-- x -->", in: text) == nil)
        #expect(Self.block(after: "<!-- m -->", in: "<!-- m -->\ntext\n```swift\nlet a = 1\n```\n") == nil)
    }

    /// The text between the ```swift line that follows `marker`'s line and the closing ```, with its last
    /// newline; nil without a marker, or when the block does not start on the next line.
    static func block(after marker: String, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let markerLine = lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return nil }
        lines = lines[(markerLine + 1)...]
        guard lines.first == "```swift" else { return nil }
        lines = lines.dropFirst()
        guard let end = lines.firstIndex(of: "```") else { return nil }
        return lines[..<end].map { $0 + "\n" }.joined()
    }
}
