import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// The human-readable output of `show`, `db info`, `atms` and `search` (with each filter) through the real
/// binary, byte for byte against the files in `Fixtures/Golden/<providers>/`: ordering, column widths and
/// escaped control characters included. The folder depends on the providers compiled in (`ctx` or
/// `ctx+piggycards`), since PiggyCards merchants and offers appear only in builds with them.
///
/// After an intended change of the output, regenerate the files and review the diff:
/// `UPDATE_GOLDEN=1 swift test --skip-build --scratch-path .build-off --filter GoldenOutputTests` (and the
/// same with `.build-define`).
@Suite("Text output matches its golden files byte for byte", hangGuard(minutes: 5))
struct GoldenOutputTests {
    /// One command and the name of its golden file.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var testDescription: String { name }
    }

    static let homeDepot = SampleLookupTests.homeDepot
    static let atlanta = "33.7490,-84.3880"
    static let austin = "30.2672,-97.7431"
    static let newYork = "40.7128,-74.0060"

    /// Commands on the embedded sample database.
    static let sampleCases: [Case] =
        [
            Case(name: "show-home-depot", arguments: ["show", homeDepot, "--offline"]),
            Case(name: "show-by-name", arguments: ["show", "Nike", "--offline"]),
            Case(name: "show-dash-merchant", arguments: ["show", "9001", "--offline"]),
            Case(name: "show-locations-near", arguments: ["show", homeDepot, "--offline", "--locations", "--near", atlanta]),
            Case(name: "show-locations", arguments: ["show", "cafe rio", "--offline", "--locations"]),
            Case(name: "show-locations-none", arguments: ["show", "Nike", "--offline", "--locations"]),
            Case(name: "show-no-discount", arguments: ["show", "Amazon", "--offline"]),
            Case(name: "show-country-known", arguments: ["show", homeDepot, "--offline", "--country", "US"]),
            // Issue 31: each place's phone and directions, nearest first (--near alone lists them); a merchant of
            // one place with its own phone and directions; where the cards work in a country they do not.
            Case(name: "show-near", arguments: ["show", homeDepot, "--offline", "--near", atlanta]),
            Case(name: "show-one-place", arguments: ["show", "9002", "--offline"]),
            Case(name: "show-country-elsewhere", arguments: ["show", "Nike", "--offline", "--country", "CA"]),
            Case(name: "db-info", arguments: ["db", "info"]),
            Case(name: "atms", arguments: ["atms"]),
            Case(name: "atms-query", arguments: ["atms", "austin"]),
            Case(name: "atms-near-radius", arguments: ["atms", "--near", newYork, "--radius", "10"]),
            Case(name: "atms-kind-sell", arguments: ["atms", "--kind", "sell"]),
            Case(name: "atms-texas-buy-near", arguments: ["atms", "--territory", "texas", "--kind", "buy", "--near", austin]),
            Case(name: "search-all", arguments: ["search"]),
            Case(name: "search-query", arguments: ["search", "home"]),
            Case(name: "search-type-online", arguments: ["search", "--type", "online"]),
            Case(name: "search-type-physical", arguments: ["search", "--type", "physical"]),
            Case(name: "search-type-both", arguments: ["search", "--type", "both"]),
            Case(name: "search-payment-dash", arguments: ["search", "--payment", "dash"]),
            Case(name: "search-payment-giftcard", arguments: ["search", "--payment", "giftcard"]),
            Case(name: "search-denominations-fixed", arguments: ["search", "--denominations", "fixed"]),
            Case(name: "search-denominations-flexible", arguments: ["search", "--denominations", "flexible"]),
            Case(name: "search-territory", arguments: ["search", "--territory", "Texas"]),
            Case(name: "search-near-radius", arguments: ["search", "--near", austin, "--radius", "25"]),
            Case(name: "search-sort-name", arguments: ["search", "--sort", "name"]),
            Case(name: "search-sort-distance", arguments: ["search", "--near", atlanta, "--sort", "distance"]),
            Case(name: "search-sort-discount", arguments: ["search", "--sort", "discount"]),
            Case(name: "search-limit-offset", arguments: ["search", "--sort", "name", "--limit", "4", "--offset", "6"]),
            Case(name: "search-include-url-redeem", arguments: ["search", "--include-url-redeem"]),
            // Near misses (issue 27): words in any order, `and` for `&`, an apostrophe left out, a miss with the
            // closest names, a page past the last merchant.
            Case(name: "search-words-any-order", arguments: ["search", "depot", "home"]),
            Case(name: "search-and-for-ampersand", arguments: ["search", "barnes and noble"]),
            Case(name: "search-apostrophe-left-out", arguments: ["search", "macys"]),
            Case(name: "search-did-you-mean", arguments: ["search", "starbuks"]),
            Case(name: "search-past-last-page", arguments: ["search", "--offset", "400", "--limit", "5"]),
            // What an amount of Dash buys (issue 31), at a rate given: every merchant, then a name and a filter.
            Case(name: "search-budget", arguments: ["search", "--budget", "1.5", "--rate", "30", "--offline"]),
            Case(
                name: "search-budget-query",
                arguments: ["search", "home", "--budget", "0.25", "--rate", "42.5", "--type", "both", "--offline"]),
            Case(
                name: "search-combined",
                arguments: ["search", "--type", "physical", "--territory", "Texas", "--sort", "discount"]),
        ]
        + GiftCardProvider.allCases.map { provider in
            Case(name: "search-provider-\(provider.id)", arguments: ["search", "--provider", provider.id])
        }

    /// Commands on ``ControlCharacterFixture``: `FIXTURE` in the arguments stands for its path.
    static let fixtureCases: [Case] = [
        Case(name: "fixture-search", arguments: ["--db", "FIXTURE", "search"]),
        Case(name: "fixture-search-discount", arguments: ["--db", "FIXTURE", "search", "--sort", "discount"]),
        Case(name: "fixture-show", arguments: ["--db", "FIXTURE", "show", "evil-1", "--offline"]),
        Case(name: "fixture-show-wide", arguments: ["--db", "FIXTURE", "show", "wide-1", "--offline", "--locations"]),
        Case(name: "fixture-atms", arguments: ["--db", "FIXTURE", "atms"]),
        Case(name: "fixture-db-info", arguments: ["--db", "FIXTURE", "db", "info"]),
    ]

    /// `db diff` on ``ExploreDifferenceFixture``: `OLD` and `NEW` in the arguments stand for its two files.
    static let differenceCases: [Case] = [
        Case(name: "db-diff", arguments: ["db", "diff", "OLD", "NEW"]),
        Case(name: "db-diff-none", arguments: ["db", "diff", "NEW", "NEW"]),
    ]

    @Test("Output on the sample database matches its golden file", arguments: sampleCases)
    func sample(_ golden: Case) async throws {
        let result = try await CLIProcess.run(golden.arguments)
        // The sample's data is invented, and every command answering from it says so once on stderr.
        try Self.check(golden, result: result, shown: golden.arguments, stderr: SampleNoteTests.line)
    }

    @Test("Control characters are escaped, widths count characters, ties keep their order", arguments: fixtureCases)
    func fixture(_ golden: Case) async throws {
        let directory = try ScratchDirectory()
        let database = try ControlCharacterFixture.make(in: directory)
        let result = try await CLIProcess.run(golden.arguments.map { $0 == "FIXTURE" ? database : $0 })
        // The scratch path differs on every run: the file shows `FIXTURE` where the output names it.
        try Self.check(
            golden, result: result, shown: golden.arguments,
            normalize: { $0.replacingOccurrences(of: database, with: "FIXTURE") })
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character")
        #expect(!result.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "a raw DEL or C1 character")
    }

    @Test("db diff says each change on a line of its own, sorted, names escaped", arguments: differenceCases)
    func difference(_ golden: Case) async throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let result = try await CLIProcess.run(
            golden.arguments.map { $0 == "OLD" ? files.old : $0 == "NEW" ? files.new : $0 })
        try Self.check(golden, result: result, shown: golden.arguments)
    }

    @Test("Every golden file belongs to a case, and every case has one")
    func noStrayFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".txt") }
        #expect(!names.isEmpty, "no golden files in \(Self.folder)")
        let expected = Set((Self.sampleCases + Self.fixtureCases + Self.differenceCases).map { $0.name + ".txt" })
            .union(OrderBarcodeCommandTests.goldenNames.map { $0 + ".txt" })
            .union(OrdersWatchCommandTests.goldenNames.map { $0 + ".txt" })
            .union(Self.piggyCardsGoldenNames.map { $0 + ".txt" })
        #expect(Set(names).subtracting(expected).sorted() == [], "golden files without a case")
        if !Self.updating {
            #expect(expected.subtracting(names).sorted() == [], "cases without a golden file (run with UPDATE_GOLDEN=1)")
        }
    }

    /// The golden files only a build with PiggyCards writes (several cards in one order).
    static var piggyCardsGoldenNames: [String] {
        #if PIGGYCARDS_ENABLED
        BuySeveralCardsCommandTests.goldenNames
        #else
        []
        #endif
    }

    // MARK: - Comparing

    /// `Fixtures/Golden/<compiled-in provider ids joined by +>`.
    static let folder =
        FixtureDatabase.packageRoot + "/Fixtures/Golden/" + GiftCardProvider.allCases.map(\.id).joined(separator: "+")

    /// Whether `UPDATE_GOLDEN` is set: the files are rewritten instead of compared.
    static let updating = !(ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] ?? "").isEmpty

    /// Requires a clean exit and `stderr` (by default nothing), then compares `$ merchant-lookup ARGUMENTS`
    /// and the standard output with the file.
    static func check(
        _ golden: Case, result: CLIProcess.Result, shown arguments: [String], stderr: String = "",
        normalize: (String) -> String = { $0 }
    ) throws {
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr == stderr, "stderr: \(result.stderr)")
        let actual = "$ merchant-lookup " + arguments.joined(separator: " ") + "\n" + normalize(result.stdout)
        let path = folder + "/" + golden.name + ".txt"
        if updating {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: path), "no golden file \(path): run with UPDATE_GOLDEN=1 and review it")
        let expected = String(decoding: data, as: UTF8.self)
        if actual != expected {
            Issue.record(
                "\(golden.name): the output differs from \(path) (UPDATE_GOLDEN=1 rewrites it)\n\(diff(expected, actual))")
        }
    }

    /// A unified diff of `expected` against `actual` (by `diff -u`), or the first differing line without it.
    static func diff(_ expected: String, _ actual: String) -> String {
        let lines = (
            expected.split(separator: "\n", omittingEmptySubsequences: false),
            actual.split(separator: "\n", omittingEmptySubsequences: false)
        )
        let firstDifference =
            zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.0.count, lines.1.count)
        let fallback = """
            first difference at line \(firstDifference + 1):
            - \(firstDifference < lines.0.count ? String(lines.0[firstDifference]) : "(end of file)")
            + \(firstDifference < lines.1.count ? String(lines.1[firstDifference]) : "(end of output)")
            """
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/diff"), let directory = try? ScratchDirectory() else {
            return fallback
        }
        let files = (directory.file("expected"), directory.file("actual"))
        guard (try? Data(expected.utf8).write(to: URL(fileURLWithPath: files.0))) != nil,
            (try? Data(actual.utf8).write(to: URL(fileURLWithPath: files.1))) != nil
        else { return fallback }
        guard
            let output = try? ChildProcess.run(
                "/usr/bin/diff", ["-u", "--label", "golden", "--label", "actual", files.0, files.1])
        else { return fallback }
        return output.stdout
    }
}
