import DashSpendTestSupport
import Foundation
import Testing

/// The embedded sample is invented data: a command that answers from it (nothing synced, no `--db`) says so
/// once on stderr, pointing at `sync`; not with `--json` or `--quiet`, and never for a file given or synced.
@Suite("Answers from the built-in sample say it is invented, once", hangGuard(minutes: 5))
struct SampleNoteTests {
    /// The line, as stderr has it.
    static let line =
        "merchant-lookup: note: answering from the built-in sample (invented data); run `merchant-lookup sync` "
        + "for the real merchants\n"

    static let homeDepot = SampleLookupTests.homeDepot

    /// Every command that reads the explore database, on the sample.
    static let commands: [[String]] = [
        ["search", "home"],
        ["search"],
        ["show", homeDepot, "--offline"],
        ["show", "cafe rio", "--offline", "--locations"],
        ["show", homeDepot, "Nike", "9001", "--offline"],
        ["atms"],
        ["territories"],
        ["db", "info"],
    ]

    @Test("search, show (one or several), atms, territories and db info say it once", arguments: commands)
    func said(_ arguments: [String]) async throws {
        let result = try await CLIProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == Self.line, "\(arguments): \(result.stderr)")
        #expect(!result.stdout.contains("built-in sample"), "stdout stays the answer: \(result.stdout)")
    }

    @Test("Not with --json, -q or --quiet", arguments: commands)
    func notWhenAskedForQuiet(_ arguments: [String]) async throws {
        for extra in [["--json"], ["-q"], ["--quiet"]] {
            let result = try await CLIProcess.run(arguments + extra)
            #expect(result.status == 0, "\(arguments + extra): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments + extra): \(result.stderr)")
        }
    }

    @Test("Testnet's note names its network")
    func testnet() async throws {
        let result = try await CLIProcess.run(["search", "home", "--network", "testnet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("run `merchant-lookup sync --network testnet` for the real merchants"), "\(result.stderr)")
    }

    @Test("Not for a file given with --db, nor for the database sync installed")
    func notForRealFiles() async throws {
        let directory = try ScratchDirectory()
        let file = try ControlCharacterFixture.make(in: directory)
        for arguments in [["search"], ["show", "evil-1", "--offline"], ["db", "info"], ["atms"]] {
            let given = try await CLIProcess.run(["--db", file] + arguments)
            #expect(given.status == 0, "\(arguments): \(given.stderr)")
            #expect(given.stderr.isEmpty, "\(arguments): \(given.stderr)")
        }

        // Installed by sync (data of 2025: the stale note is said instead, never the sample's).
        let home = directory.file("home")
        let archive = FixtureDatabase.packageRoot + "/Fixtures/Sync/golden/good-ae1.zip"
        let synced = try await CLIProcess.run(["sync", "--from", archive, "-q"], home: home)
        #expect(synced.status == 0, "\(synced.stderr)")
        let search = try await CLIProcess.run(["search"], home: home)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(!search.stderr.contains("built-in sample"), "\(search.stderr)")
        #expect(search.stderr.contains("note: the explore data is from 2025-06-15"), "\(search.stderr)")
        #expect(search.stderr.split(separator: "\n").count == 1, "\(search.stderr)")
    }

    @Test("A failure stays one line: the note goes with answers, not with errors")
    func notWithAFailure() async throws {
        let result = try await CLIProcess.run(["show", "no-such-merchant", "--offline"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("built-in sample"), "\(result.stderr)")
    }

    @Test("A batch says it once, before the first merchant, even when that one fails")
    func batchOnce() async throws {
        let result = try await CLIProcess.run(["show", "no-such-merchant", Self.homeDepot, "Nike", "--offline"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == Self.line, "\(result.stderr)")
    }
}
