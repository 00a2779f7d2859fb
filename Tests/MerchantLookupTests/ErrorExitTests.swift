import DashSpendTestSupport
import Foundation
import Testing

/// Every failure is one line on stderr, no stack trace, and its own exit code.
@Suite("Each kind of failure exits with its documented code and one clear line", hangGuard(minutes: 5))
struct ErrorExitTests {
    func expectFailure(
        _ arguments: [String], status: Int32, mentioning text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await CLIProcess.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "one line on stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("merchant-lookup: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("Bad usage is 64")
    func usage() async throws {
        // No command at all: the help on stdout (issue 21), and the one line on stderr.
        let bare = try await CLIProcess.run([])
        #expect(bare.status == 64 && bare.stdout.contains("commands:"), "\(bare.stdout)")
        #expect(bare.stderr == "merchant-lookup: no command given\n", "\(bare.stderr)")
        try await expectFailure(["frobnicate", "--help"], status: 64, mentioning: "unknown command")
        try await expectFailure(["search", "--db", "--offline"], status: 64, mentioning: "--db needs a value")
        try await expectFailure(
            ["show", "x", "--ctx-url", "http://example.com/"], status: 64, mentioning: "must use https")
        try await expectFailure(
            ["auth", "login", "ctx", "--email", "a@example.com", "--offline"], status: 64, mentioning: "--offline")
        try await expectFailure(["frobnicate"], status: 64, mentioning: "unknown command")
        try await expectFailure(["search", "--bogus"], status: 64, mentioning: "unknown option --bogus")
        try await expectFailure(["search", "--limit", "0"], status: 64, mentioning: "--limit")
        try await expectFailure(["search", "--limit", "ten"], status: 64, mentioning: "--limit")
        try await expectFailure(["search", "--provider", "nobody"], status: 64, mentioning: "unknown provider")
        try await expectFailure(["search", "--sort", "distance"], status: 64, mentioning: "--near")
        try await expectFailure(["search", "--near", "91,0"], status: 64, mentioning: "--near")
        try await expectFailure(["show"], status: 64, mentioning: "MERCHANT_ID")
        try await expectFailure(["auth", "logout", "ctx", "extra"], status: 64, mentioning: "too many")
        try await expectFailure(["show", "a", "--stdin"], status: 64, mentioning: "--stdin")
        try await expectFailure(["providers", "--limit", "3"], status: 64, mentioning: "does not apply")
        try await expectFailure(["search", "--db"], status: 64, mentioning: "needs a value")
        try await expectFailure(["show", "x", "--live", "--offline"], status: 64, mentioning: "together")
    }

    @Test("A merchant that does not exist is 1")
    func notFound() async throws {
        try await expectFailure(["show", "no-such-merchant", "--offline"], status: 1, mentioning: "not found")
    }

    @Test("A missing database file is 66")
    func missingDatabase() async throws {
        try await expectFailure(["search", "--db", "/nonexistent/explore.db"], status: 66, mentioning: "/nonexistent/explore.db")
    }

    @Test("Unreadable databases are 65, and the file is left as it was")
    func unreadableDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("explore-v4.db")
        let zipBytes = Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 1, count: 300))
        try zipBytes.write(to: zip)
        try await expectFailure(["search", "--db", zip.path], status: 65, mentioning: "sync --from")
        #expect(try Data(contentsOf: zip) == zipBytes)

        let text = directory.appendingPathComponent("notes.txt")
        try Data("not a database".utf8).write(to: text)
        try await expectFailure(["show", "x", "--db", text.path], status: 65, mentioning: "not an SQLite database")
    }

    @Test("--live without a sign-in is 77")
    func signInRequired() async throws {
        try await expectFailure(
            ["show", SampleLookupTests.homeDepot, "--live"], status: 77, mentioning: "not signed in to CTX")
        try await expectFailure(
            ["show", SampleLookupTests.homeDepot, "--live"], status: 77, mentioning: "merchant-lookup auth login ctx")
    }

    @Test("Names from the database cannot send control sequences to the terminal")
    func controlCharacters() async throws {
        let directory = try ScratchDirectory()
        let database = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod)
                VALUES (1, 'evil', 'Evil' || char(27) || '[2J Shop' || char(10) || 'forged line', 'online', 'dash');
                """, in: directory)
        let text = try await CLIProcess.run(["search", "evil", "--db", database])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(text.stdout.contains("Evil\\x1B[2J Shop"))
        let json = try await CLIProcess.run(["search", "evil", "--db", database, "--json"])
        #expect(json.stdout.contains("\\u001b"), "JSON escapes it itself")
        let error = try await CLIProcess.run(["show", "no" + "\u{1B}" + "[2Jpe", "--db", database, "--offline"])
        #expect(error.status == 1)
        #expect(!error.stderr.contains("\u{1B}"))
        #expect(error.stderr.split(separator: "\n").count == 1)
    }
}
