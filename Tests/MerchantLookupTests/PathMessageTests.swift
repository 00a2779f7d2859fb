import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths said as they are (issue 27): `--db` on a directory or an empty `--db` is said to be one, and a state
/// directory that cannot be used names what chose it (`--state-dir`, `$DASHSPEND_HOME`, `$XDG_STATE_HOME`)
/// and, when making it private is the fix, says so.
@Suite("--db on a directory or empty; state-directory failures name their source and the fix", hangGuard(minutes: 5))
struct PathMessageTests {
    @Test("--db DIRECTORY: is a directory (66), not 'download or copy it again'")
    func databaseIsDirectory() async throws {
        let directory = try ScratchDirectory()
        let result = try await CLIProcess.run(["--db", directory.path, "search", "home"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(
            result.stderr
                == "merchant-lookup: \(directory.path) is a directory, not an explore database file: "
                + "pass --db with the path of an explore database file\n", "\(result.stderr)")
    }

    @Test("--db \"\": an empty path (66), not 'no explore database at :'")
    func emptyDatabasePath() async throws {
        let result = try await CLIProcess.run(["--db", "", "search", "home"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(
            result.stderr
                == "merchant-lookup: no explore database at an empty path: pass --db with the path of an explore database file\n",
            "\(result.stderr)")
    }

    /// A state directory others can write to, and the command line that uses it.
    func sharedFolder(_ directory: ScratchDirectory) throws -> String {
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o777) == 0)
        return shared
    }

    @Test("A state directory others can write, from $DASHSPEND_HOME: names it and suggests chmod 700 (73)")
    func writableFromEnvironment() async throws {
        let directory = try ScratchDirectory()
        let shared = try sharedFolder(directory)
        let result = try await CLIProcess.run(["show", "Nike"], home: shared)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("merchant-lookup: the state directory \(shared) is not safe for private files"))
        #expect(
            result.stderr.hasSuffix(
                ": make it private with `chmod 700 \(shared)`, or set $DASHSPEND_HOME to another folder, or pass --state-dir\n"),
            "\(result.stderr)")
        // Nothing was changed.
        var info = stat()
        #expect(stat(shared, &info) == 0 && info.st_mode & 0o777 == 0o777)
    }

    @Test("The same with --state-dir: names --state-dir")
    func writableFromOption() async throws {
        let directory = try ScratchDirectory()
        let shared = try sharedFolder(directory)
        let result = try await CLIProcess.run(["show", "Nike", "--state-dir", shared])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(": make it private with `chmod 700 \(shared)`, or give another folder with --state-dir\n"),
            "\(result.stderr)")
    }

    @Test("A state path through a file, from $DASHSPEND_HOME or $XDG_STATE_HOME: names the variable, not --state-dir")
    func throughAFileFromEnvironment() async throws {
        let directory = try ScratchDirectory()
        let file = directory.file("plain-file")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let home = try await CLIProcess.run(["show", "Nike"], home: file + "/state")
        #expect(home.status == 73, "\(home.stderr)")
        #expect(
            home.stderr.hasSuffix(
                ": check the state directory set by $DASHSPEND_HOME, or set $DASHSPEND_HOME to another folder, or pass --state-dir\n"
            ), "\(home.stderr)")
        let xdg = try await CLIProcess.run(
            ["show", "Nike"], environment: ["DASHSPEND_HOME": "", "XDG_STATE_HOME": file + "/state"])
        #expect(xdg.status == 73, "\(xdg.stderr)")
        #expect(
            xdg.stderr.hasSuffix(
                ": check the state directory under $XDG_STATE_HOME, or set $XDG_STATE_HOME to another folder, or pass --state-dir\n"
            ), "\(xdg.stderr)")
        #expect(!home.stderr.contains("(--state-dir)") && !xdg.stderr.contains("(--state-dir)"))
    }
}
