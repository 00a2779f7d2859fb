import Foundation
import Testing

/// The CLI only parses, calls the `DashSpend` front door and renders: none of its files imports a module
/// behind the door (explore, sync, a provider, the HTTP transport, a C library).
@Suite("The CLI imports nothing behind the front door") struct FrontDoorBoundaryTests {
    static let forbidden: Set<String> = [
        "DashSpendExplore", "DashSpendSync", "DashSpendCTX", "DashSpendPiggyCards", "DashSpendHTTP", "DashSpendSQLite",
        "CSQLite", "CZlib",
    ]

    static var cliSources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/MerchantLookupCLI")
    }

    /// The module named by an import line (`@testable public import struct A.B` → `A`), else nil.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first,
            first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first)
        {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return String(path.split(separator: ".").first ?? "")
    }

    @Test func theParserOfImportLinesSeesEverySpelling() {
        #expect(Self.importedModule("import DashSpendExplore") == "DashSpendExplore")
        #expect(Self.importedModule("@_exported public import CSQLite") == "CSQLite")
        #expect(Self.importedModule("internal import struct DashSpendSync.ExploreImporter") == "DashSpendSync")
        #expect(Self.importedModule("// import DashSpendCTX") == nil)
    }

    @Test func theCLIImportsNothingBehindTheFrontDoor() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.cliSources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        try #require(files.count > 10, "found \(files.count) CLI source files under \(Self.cliSources.path)")
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.cliSources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let module = Self.importedModule(String(line)), Self.forbidden.contains(module) {
                    offending.append("\(file): \(line)")
                }
            }
        }
        #expect(offending.isEmpty, "CLI files import modules behind the front door:\n\(offending.joined(separator: "\n"))")
    }
}
