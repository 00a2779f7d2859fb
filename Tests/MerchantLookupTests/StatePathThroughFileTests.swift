import DashSpendTestSupport
import Foundation
import Testing

/// The commands that keep something in the state directory, in classes by what they keep, each command line as
/// it would run for real against the mock provider server (issue 21).
enum StateWritingCommands: String, CaseIterable, CustomTestStringConvertible {
    /// The providers' answers kept in `state.db`.
    case cache
    /// The credentials.
    case signIn
    /// The synced explore database (and its download).
    case sync
    /// The orders kept in `orders.db`.
    case orders

    var testDescription: String { rawValue }

    /// The command lines of this class (the mock server's URL options still to be added); `file` is a file that
    /// exists and is not an explore archive.
    func commandLines(server: MockProviderServer, file: String) -> [[String]] {
        let merchant = SampleLookupTests.homeDepot
        switch self {
        case .cache:
            return [["show", merchant], ["show", "Home Depot", "--refresh"], ["search", "home", "--refresh"]]
        case .signIn:
            return [
                ["auth", "login", "ctx", "--email", "user@example.com"],
                ["auth", "verify", "ctx", "--code", MockProviderServer.validCode], ["auth", "logout", "ctx"],
                ["auth", "status"],
            ]
        case .sync:
            return [["sync", "--from", file], ["sync", "--storage-url", server.loopback.baseURL.absoluteString]]
        case .orders:
            return [
                ["buy", merchant, "--amount", "25", "--yes"], ["order", "no-such-order"],
                ["order", "no-such-order", "--wait"], ["order", "--txid", "tx-1"], ["orders"],
            ]
        }
    }
}

/// A state path that runs through a regular file can never be created: 73 (cannot create), not 65 (issue 21).
@Suite("A state path through a regular file exits 73", hangGuard(minutes: 5))
struct StatePathThroughFileTests {
    @Test(
        "Every command that writes, with --state-dir FILE/state: 73, one line naming --state-dir, nothing sent",
        arguments: StateWritingCommands.allCases)
    func throughAFile(_ commands: StateWritingCommands) async throws {
        let transcript = try AuthTranscript()
        let directory = try ScratchDirectory()
        let file = directory.file("plain-file")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        for words in commands.commandLines(server: transcript.server, file: file) {
            let result = try await CLIProcess.run(words + ["--state-dir", file + "/state"] + transcript.urlOptions)
            #expect(result.status == 73, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--state-dir"), "\(words): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(words): \(result.stderr)")
        }
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
    }

    @Test("A read-only command with --state-dir FILE/state is 73 too, naming the state directory, not --db")
    func readerThroughAFile() async throws {
        let directory = try ScratchDirectory()
        let file = directory.file("plain-file")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        for words in [["search", "home"], ["db", "info"], ["territories"]] {
            let result = try await CLIProcess.run(words + ["--state-dir", file + "/state"])
            #expect(result.status == 73, "\(words): \(result.status) \(result.stderr)")
            #expect(
                result.stderr
                    == "merchant-lookup: cannot use the state directory \(file)/state: \(file) is not a folder: "
                    + "check the state directory given with --state-dir\n")
        }
    }
}

/// A state directory that others can write (mode 1777 like `/tmp`, or 0777) is refused by every command that
/// writes there, before anything is created in it or sent, with the same clean line naming `--state-dir`
/// (issue 21).
@Suite("A world-writable state directory is refused cleanly", hangGuard(minutes: 5))
struct SharedStateDirectoryTests {
    /// The one line every refusal prints for `folder`, made writable by all with `mode`: with the fix (issue 27).
    static func refusal(_ folder: String, mode: Int) -> String {
        "merchant-lookup: the state directory \(folder) is not safe for private files (group or others can write "
            + "to it, mode \(String(mode, radix: 8))): \(hint(folder))\n"
    }

    /// The hint of a refusal of `folder`, given with --state-dir.
    static func hint(_ folder: String) -> String {
        "make it private with `chmod 700 \(folder)`, or give another folder with --state-dir"
    }

    @Test(
        "Every command that writes refuses a 1777 or 0777 state directory: 73, one line, nothing created or sent",
        arguments: StateWritingCommands.allCases)
    func refused(_ commands: StateWritingCommands) async throws {
        let transcript = try AuthTranscript()
        let directory = try ScratchDirectory()
        let file = directory.file("not-an-archive.zip")
        try Data("not an archive".utf8).write(to: URL(fileURLWithPath: file))
        for mode in [0o1777, 0o777] {
            let shared = directory.file("shared-\(String(mode, radix: 8))")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: shared)
            for words in commands.commandLines(server: transcript.server, file: file) {
                let result = try await CLIProcess.run(words + ["--state-dir", shared] + transcript.urlOptions)
                #expect(result.status == 73, "\(words): \(result.status) \(result.stderr)")
                #expect(result.stderr == Self.refusal(shared, mode: mode), "\(words)")
                #expect(result.stdout.isEmpty, "\(words): \(result.stdout)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty, "\(words) created something")
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: shared)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "the folder's mode was changed")
        }
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
    }

    @Test("With --json the refusal is the error object: cannotWrite, the same message and hint")
    func refusedAsJSON() async throws {
        let directory = try ScratchDirectory()
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let result = try await CLIProcess.run(["show", SampleLookupTests.homeDepot, "--json", "--state-dir", shared])
        #expect(result.status == 73 && result.stderr.isEmpty, "\(result.stderr)")
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "cannotWrite")
        #expect(error["hint"] as? String == Self.hint(shared))
        #expect(
            "merchant-lookup: \(error["message"] as? String ?? ""): \(Self.hint(shared))\n"
                == Self.refusal(shared, mode: 0o1777))
    }

    @Test("Commands that only read answer with a world-writable state directory, and create nothing there")
    func readersCreateNothing() async throws {
        let directory = try ScratchDirectory()
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        // A --db file is checked once per version, which is remembered in the state directory: not in this one.
        let database = try SyncFixture.database(named: "given.db", merchant: "Given Bakery", in: directory)
        for words in [["search", "home"], ["db", "info"], ["territories"], ["providers"], ["search", "--db", database]] {
            let result = try await CLIProcess.run(words + ["--state-dir", shared])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty, "\(words) created something")
        }
    }
}
