import Foundation
import Testing

/// The CLI reaches the process's standard input, output and error in one place (`Sources/MerchantLookupCLI/Streams`):
/// every command reads and writes the streams its run was given, so a run in process sees nothing of the
/// process it runs in, and stderr is written one way.
@Suite("The CLI touches the process's standard streams only in Streams/") struct StandardStreamsBoundaryTests {
    /// What reaches a standard stream of the process directly.
    static let direct = [
        "STDIN_FILENO", "STDOUT_FILENO", "STDERR_FILENO", "isatty(", "readLine(strippingNewline", "FileHandle.standard",
        "fputs(", "Glibc.write(", "Darwin.write(", "Musl.write(", "write(1,", "write(2,", "= environ\n", "ProcessInfo",
    ]

    @Test func onlyTheStreamsFolderTouchesTheProcessStreams() throws {
        let root = FrontDoorBoundaryTests.cliSources
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Streams/") }
        try #require(files.count > 10, "found \(files.count) CLI source files under \(root.path)")
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // Each line is looked at with its end, so `= environ` does not match `= environment`.
                let ended = line + "\n"
                if let found = Self.direct.first(where: { ended.contains($0) }) {
                    offending.append("\(file): \(found): \(line)")
                }
            }
        }
        #expect(offending.isEmpty, "CLI files reach the process's streams directly:\n\(offending.joined(separator: "\n"))")
    }

    @Test func theExecutableIsAFewLinesOverTheLibrary() throws {
        let main = FrontDoorBoundaryTests.cliSources.deletingLastPathComponent().appendingPathComponent(
            "MerchantLookup/main.swift")
        let code = try String(contentsOf: main, encoding: .utf8).split(separator: "\n").filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
        // Twelve, and one for the process-wide settings (SQLite's) made before anything else.
        #expect(code.count <= 13, "\(code.count) lines of code in main.swift")
    }
}
