import DashSpendTestSupport
import Foundation
import Testing

/// `db diff OLD NEW` and the changes `sync` reports, in process through the entry point, on
/// ``ExploreDifferenceFixture``'s files (the text itself: `GoldenOutputTests`, `db-diff*.txt`).
@Suite("db diff and sync say what changed between two explore databases", hangGuard(minutes: 5))
struct DatabaseDiffCommandTests {
    @Test("--json lists every change with ids, providers and basis points")
    func json() async throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let result = try await CLIProcess.run(["db", "diff", files.old, files.new, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        let added = try #require(document["added"] as? [[String: Any]])
        #expect(added.first?["id"] as? String == "epsilon")
        let removed = try #require(document["removed"] as? [[String: Any]])
        #expect(removed.map { $0["name"] as? String } == ["Delta Diner"])
        let discounts = try #require(document["discountChanges"] as? [[String: Any]])
        #expect(discounts.count == 1)
        #expect(discounts.first?["provider"] as? String == "CTX")
        #expect(discounts.first?["oldBasisPoints"] as? Int == 300 && discounts.first?["newBasisPoints"] as? Int == 500)
        #expect((document["switchedOff"] as? [[String: Any]])?.first?["id"] as? String == "beta")
        #expect(document["old"] as? String == files.old && document["new"] as? String == files.new)
    }

    @Test("Two files are needed, and each must be an explore database: one line, a usage or input exit code")
    func badInput() async throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let one = try await CLIProcess.run(["db", "diff", files.old])
        #expect(one.status == 64, "\(one.stderr)")
        #expect(one.stderr.contains("two explore database files"), "\(one.stderr)")
        let missing = try await CLIProcess.run(["db", "diff", files.old, directory.path + "/nothing.db"])
        #expect(missing.status != 0 && missing.status != 64, "\(missing.stderr)")
        #expect(missing.stderr.contains("nothing.db"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let text = directory.path + "/text.db"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let notSQLite = try await CLIProcess.run(["db", "diff", text, files.new])
        #expect(notSQLite.status != 0 && notSQLite.status != 64, "\(notSQLite.stderr)")
        #expect(notSQLite.stderr.split(separator: "\n").count == 1, "\(notSQLite.stderr)")
    }

    @Test("A sync that replaces a database says what changed; the first sync has nothing to compare with")
    func syncReportsChanges() async throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let home = directory.file("home")
        let first = try await CLIProcess.run(["sync", "--from", files.old, "--json"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try first.json()["changes"] is NSNull, "nothing was installed before: \(first.stdout)")

        let second = try await CLIProcess.run(["sync", "--from", files.new, "--json"], home: home)
        #expect(second.status == 0, "\(second.stderr)")
        let changes = try #require(try second.json()["changes"] as? [String: Any], "\(second.stdout)")
        #expect((changes["added"] as? [[String: Any]])?.contains { $0["id"] as? String == "epsilon" } == true)
        #expect((changes["removed"] as? [[String: Any]])?.map { $0["id"] as? String } == ["delta"])

        // The text report ends with the counts and a line per change.
        let third = try await CLIProcess.run(["sync", "--from", files.old, "--force"], home: home)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stdout.contains("changes:"), "\(third.stdout)")
        #expect(third.stdout.contains("added         Delta Diner (delta)"), "\(third.stdout)")
        #expect(third.stdout.contains("removed       Epsilon Eats (epsilon)"), "\(third.stdout)")
        #expect(third.stdout.contains("discount      Alpha Books (alpha) at CTX: save 5% -> save 3%"), "\(third.stdout)")
    }
}
