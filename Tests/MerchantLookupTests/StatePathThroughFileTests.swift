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

/// A state directory that others can write (mode 1777, like `/tmp`) is refused before anything is created in
/// it, with one clean line naming `--state-dir` (issue 21).
@Suite("A world-writable state directory is refused cleanly", hangGuard(minutes: 5))
struct SharedStateDirectoryTests {
    @Test("show refuses a 1777 state directory: one line, no struct dump, --state-dir named, nothing created")
    func showRefuses() async throws {
        let directory = try ScratchDirectory()
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let result = try await CLIProcess.run(["show", "9001", "--state-dir", shared])
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is not safe for private files"), "\(result.stderr)")
        #expect(result.stderr.contains("--state-dir") && !result.stderr.contains("--home"), "\(result.stderr)")
        #expect(!result.stderr.contains("Failure(") && !result.stderr.contains("isUnsafe"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty, "something was created")
    }

    @Test("auth login refuses a 1777 state directory before anything is sent, in the same words as show")
    func loginRefusesBeforeSending() async throws {
        let transcript = try AuthTranscript()
        let directory = try ScratchDirectory()
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let login = try await CLIProcess.run(
            ["auth", "login", "ctx", "--email", "user@example.com", "--state-dir", shared] + transcript.urlOptions)
        let show = try await CLIProcess.run(["show", "9001", "--state-dir", shared])
        #expect(login.status == 65, "\(login.status) \(login.stderr)")
        #expect(login.stderr == show.stderr, "\(login.stderr) vs \(show.stderr)")
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty, "something was created")
    }
}
