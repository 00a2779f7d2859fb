import Foundation
import Testing

/// Every failure is one line on stderr, no stack trace, and its own exit code.
@Suite("Errors and exit codes")
struct ErrorExitTests {
    func expectFailure(_ arguments: [String], status: Int32, mentioning text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CLIProcess.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "one line on stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("merchant-lookup: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("Bad usage is 64")
    func usage() throws {
        try expectFailure(["frobnicate"], status: 64, mentioning: "unknown command")
        try expectFailure(["search", "--bogus"], status: 64, mentioning: "unknown option --bogus")
        try expectFailure(["search", "--limit", "0"], status: 64, mentioning: "--limit")
        try expectFailure(["search", "--limit", "ten"], status: 64, mentioning: "--limit")
        try expectFailure(["search", "--provider", "nobody"], status: 64, mentioning: "unknown provider")
        try expectFailure(["search", "--sort", "distance"], status: 64, mentioning: "--near")
        try expectFailure(["search", "--near", "91,0"], status: 64, mentioning: "--near")
        try expectFailure(["show"], status: 64, mentioning: "MERCHANT_ID")
        try expectFailure(["show", "a", "b"], status: 64, mentioning: "too many")
        try expectFailure(["providers", "--limit", "3"], status: 64, mentioning: "does not apply")
        try expectFailure(["search", "--db"], status: 64, mentioning: "needs a value")
        try expectFailure(["show", "x", "--live", "--offline"], status: 64, mentioning: "together")
    }

    @Test("A merchant that does not exist is 1")
    func notFound() throws {
        try expectFailure(["show", "no-such-merchant", "--offline"], status: 1, mentioning: "not found")
    }

    @Test("A missing database file is 66")
    func missingDatabase() throws {
        try expectFailure(["search", "--db", "/nonexistent/explore.db"], status: 66, mentioning: "/nonexistent/explore.db")
    }

    @Test("Unreadable databases are 65, and the file is left as it was")
    func unreadableDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("explore-v4.db")
        let zipBytes = Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 1, count: 300))
        try zipBytes.write(to: zip)
        try expectFailure(["search", "--db", zip.path], status: 65, mentioning: "sync --from")
        #expect(try Data(contentsOf: zip) == zipBytes)

        let text = directory.appendingPathComponent("notes.txt")
        try Data("not a database".utf8).write(to: text)
        try expectFailure(["show", "x", "--db", text.path], status: 65, mentioning: "not an SQLite database")
    }

    @Test("--live without a sign-in is 77")
    func signInRequired() throws {
        try expectFailure(["show", SampleLookupTests.homeDepot, "--live"], status: 77, mentioning: "sign in to CTX")
    }
}
