import DashSpendCore

/// Issue 30: name lookups at the speed of the index. `merchant-lookup search` and `show` by name (whole
/// processes, offline, a state directory of their own) against the `sqlite3` shell running the FTS queries
/// for the same words and their providers, on the file as the wallets ship it (`--db`, no extra indexes) and on
/// the copy `sync` installs (with its two indexes). The first name lookup on a file version builds the side
/// index of names in the state directory; it is timed once, apart, and the compared launches come after it.
struct NameBenchmark {
    let options: BenchmarkOptions
    let folder: String
    let cli: String
    let shell: String

    /// At most this many times the shell's FTS queries for a search or an exact `show` by name.
    static let ratioGoal = 1.5
    /// A `show` of a name no merchant has, with its "did you mean", at most this many milliseconds.
    static let missGoalMilliseconds = 100.0

    /// The name shown by the exact-name row: one merchant's (a name no other merchantId has), from the file.
    static func uniqueName(_ inspector: OpaquePointer) throws -> String {
        try RawSQLite.rows(
            inspector,
            """
            SELECT MIN(name) FROM merchant WHERE merchantId IS NOT NULL AND merchantId <> '' \
            GROUP BY lower(name) HAVING COUNT(DISTINCT merchantId) = 1 ORDER BY lower(name) LIMIT 1
            """
        ).first?.first ?? "Harbor Electronics"
    }

    /// Runs the rows for each file (`label`, path), adding them to `goals`.
    func run(files: [(label: String, path: String)], name: String, goals: inout GoalTable) {
        print("\n== Name lookups (issue 30): merchant-lookup vs the sqlite3 shell's FTS queries (spawned, medians) ==\n")
        let quoted = name.replacingEvery("'", with: "''")
        let missing = "zzqx no such merchant"
        let providers = "SELECT merchantId, provider, savingsPercentage FROM gift_card_providers WHERE merchantId IN"
        let pageSQL = """
            SELECT merchantId, MIN(name) AS name, type, paymentMethod, COUNT(latitude) AS locations FROM merchant \
            WHERE rowid IN (SELECT docid FROM merchant_fts WHERE merchant_fts MATCH '"harbor*"') \
            AND merchantId IS NOT NULL AND merchantId <> '' GROUP BY merchantId ORDER BY name COLLATE NOCASE LIMIT 5
            """
        let exact = "rowid IN (SELECT docid FROM merchant_fts WHERE merchant_fts MATCH '\"\(quoted)\"')"
        let rows: [(what: String, arguments: [String], sql: String, missed: Bool)] = [
            (
                "search Harbor --limit 5 --offline", ["search", "Harbor", "--limit", "5", "--offline"],
                "\(pageSQL);\n\(providers) (SELECT merchantId FROM (\(pageSQL)));", false
            ),
            (
                "show \"\(name)\" --offline --json", ["show", name, "--offline", "--json"],
                "SELECT * FROM merchant WHERE \(exact) AND lower(name) = lower('\(quoted)');\n"
                    + "\(providers) (SELECT merchantId FROM merchant WHERE \(exact) AND lower(name) = lower('\(quoted)'));",
                false
            ),
            (
                "show \"\(missing)\" (did you mean)", ["show", missing, "--offline"],
                "SELECT * FROM merchant WHERE rowid IN (SELECT docid FROM merchant_fts WHERE merchant_fts MATCH '\"\(missing)\"');",
                true
            ),
        ]
        var table = TextTable(["file", "query", "merchant-lookup", "sqlite3 shell", "ratio", "goal", "ok?", "launches"])
        for file in files {
            let home = folder + "/names-home-" + file.label.replacingEvery(" ", with: "-")
            FileSystem.remove(home + "/explore-names.db")
            FileSystem.makeDirectories(home)
            // The first name lookup of this file version builds the side index: timed once, on its own.
            let first = ProcessRunner.run(cli, ["--db", file.path, "--state-dir", home, "show", missing, "--offline"])
            print(
                "  \(file.label): first name lookup (builds the side index of names) \(TextTable.milliseconds(first.milliseconds))"
            )
            for row in rows {
                let cliArguments = ["--db", file.path, "--state-dir", home] + row.arguments
                let shellArguments = ["-readonly", "-json", file.path, row.sql]
                let check = folder + "/names-check.out"
                let cliCheck = ProcessRunner.run(cli, cliArguments, stdout: check)
                let cliBytes = FileSystem.read(check)?.utf8.count ?? 0
                let shellCheck = ProcessRunner.run(shell, shellArguments, stdout: check)
                FileSystem.remove(check)
                goals.check(
                    (row.missed ? cliCheck.status != 0 && cliCheck.status < 128 : cliCheck.status == 0 && cliBytes > 0)
                        && shellCheck.status == 0,
                    "\(row.what) on \(file.label): merchant-lookup exit \(cliCheck.status), sqlite3 exit \(shellCheck.status)")
                let (a, b) = ProcessComparison(spawns: options.spawns, budgetSeconds: options.spawnBudgetSeconds).run(
                    .init(path: cli, arguments: cliArguments), .init(path: shell, arguments: shellArguments))
                let ratio = a.median / b.median
                let ok = row.missed ? a.median <= Self.missGoalMilliseconds : ratio <= Self.ratioGoal
                let goal =
                    row.missed
                    ? "<= \(TextTable.number(Self.missGoalMilliseconds, 0)) ms" : "<= \(TextTable.ratio(Self.ratioGoal))"
                table.add([
                    file.label, row.what, TextTable.milliseconds(a.median), TextTable.milliseconds(b.median),
                    TextTable.ratio(ratio), goal, ok ? "ok" : "MISSED", "\(a.count)",
                ])
                if row.missed {
                    goals.within(
                        "\(row.what), \(file.label)", ours: a.median, reference: b.median,
                        referenceName: "the shell's FTS lookup", limitMilliseconds: Self.missGoalMilliseconds)
                } else {
                    goals.time(
                        "\(row.what), \(file.label)", ours: a.median, reference: b.median,
                        referenceName: "the shell's FTS queries", goal: Self.ratioGoal)
                }
            }
        }
        print(table.rendered)
    }
}
