import DashSpendTestSupport
import Foundation
import Testing

/// A state path that runs through a regular file can never be created: 73 (cannot create), not 65 (issue 21).
@Suite("A state path through a regular file exits 73", hangGuard(minutes: 5))
struct StatePathThroughFileTests {
    @Test("auth status and auth logout with --state-dir FILE/state: 73, naming the state directory")
    func throughAFile() async throws {
        let directory = try ScratchDirectory()
        let file = directory.file("plain-file")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        for words in [["auth", "status"], ["auth", "logout", "ctx"]] {
            let result = try await CLIProcess.run(words + ["--state-dir", file + "/state"])
            #expect(result.status == 73, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--state-dir"), "\(words): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(words): \(result.stderr)")
        }
    }
}
