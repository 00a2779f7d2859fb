import CSQLite
import DashSpendCore
@_spi(Benchmarks) import DashSpendExplore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole benchmark: generate (or reuse) the file, compare the library with the bare C API in process,
/// measure what the missing indexes cost, and compare the `merchant-lookup` binary with the `sqlite3` shell.
/// It reports; it does not fail on a missed target.
struct BenchmarkRun {
    /// The command line.
    let options: BenchmarkOptions
    /// The package root (where `Fixtures/` is).
    let packageRoot: String

    /// The in-process target: library median at most this many times the raw median.
    static let libraryTarget = 1.3
    /// The whole-process target for the heavy queries.
    static let processTarget = 1.5
    /// `merchant-lookup --version` at most this many times `sqlite3 -version` (issue 30; issue 20's was 2.5).
    static let startupGoal = 1.2

    /// Runs everything and prints the report.
    func run() async throws {
        let clock = MonotonicClock()
        let started = clock.now
        #if DEBUG
        print("warning: this is a debug build; run `swift run -c release explore-benchmark` for real numbers\n")
        #endif
        print("machine: \(Machine.description)")
        let folder = options.dataDirectory ?? packageRoot + "/.build/benchmark"
        if options.importOnly { return try importComparison(folder: folder) }
        var generator = ExploreFileGenerator(schemaPath: packageRoot + "/Fixtures/Schemas/explore-v4.sql")
        if options.quick { generator.size = .smoke }
        let (path, generated) = try generator.ensure(
            at: folder + (options.quick ? "/explore-bench-v4-quick.db" : "/explore-bench-v4.db"))
        let before = FileSystem.signature(path)
        if let generated {
            print("generated \(path) in \(TextTable.number(generated, 1)) s (generator v\(ExploreFileGenerator.version))")
        } else {
            print("reusing \(path) (generator v\(ExploreFileGenerator.version))")
        }
        fflush(nil)

        var goals = GoalTable()
        let library = try ExploreDatabase(path: path)
        let raw = try RawRunner(path: path)
        let inspector = try RawSQLite.openImmutable(path)
        defer { sqlite3_close_v2(inspector) }
        try describe(inspector, path: path)
        let showcase =
            try RawSQLite.rows(
                inspector,
                """
                SELECT g.merchantId FROM gift_card_providers g JOIN merchant m ON m.merchantId = g.merchantId \
                WHERE g.provider = 'CTX' AND g.merchantId IN (SELECT merchantId FROM gift_card_providers WHERE provider = 'PiggyCards') \
                GROUP BY g.merchantId HAVING COUNT(m.latitude) >= 10 ORDER BY g.id LIMIT 1
                """
            ).first?.first ?? ""
        FileSystem.makeDirectories(folder + "/cli-home")
        if options.namesOnly {
            try names(path: path, folder: folder, inspector: inspector, goals: &goals)
            if let table = goals.rendered { print("\n" + table) }
            return
        }
        let queries = BenchmarkQuery.all(showcaseId: showcase, home: folder + "/cli-home")
            .filter { query in options.only.map { query.label.containsText($0) } ?? true }

        // 1. In process.
        print("\n== In process: the library (ExploreDatabase) vs the same SQL through the bare SQLite C API ==")
        print(
            "   (rounds alternate which side runs first; times per call; target library <= \(TextTable.ratio(Self.libraryTarget)) raw)\n"
        )
        let shipped = try compare(queries, library: LibraryRunner(database: library), raw: raw, rawSQL: library)
        print(shipped.table.rendered)
        fflush(nil)

        // 2. Indexes.
        if !options.skipIndexes {
            try indexStudy(
                queries, shippedPath: path, folder: folder, inspector: inspector, library: library,
                shippedMedians: shipped.libraryMedians)
        }

        // 3. Whole process.
        if !options.skipProcesses {
            try wholeProcess(queries, path: path, folder: folder, library: library, goals: &goals)
        }

        // 3b. Name lookups (issue 30).
        if !options.skipProcesses {
            try names(path: path, folder: folder, inspector: inspector, goals: &goals)
        }

        // 4. The merchant service's cached path, in process and as one batch process, on the copy with the
        // indexes `sync` adds (a merchant by id is a full scan of the shipped file: see the index study).
        if !options.skipService {
            let indexedPath = try IndexedCopy.ensure(
                from: path, at: String(path.dropLast(".db".count)) + "-indexed.db")
            let indexed = try ExploreDatabase(path: indexedPath)
            let indexedInspector = try RawSQLite.openImmutable(indexedPath)
            defer { sqlite3_close_v2(indexedInspector) }
            let service = ServiceBenchmark(options: options, path: indexedPath, shippedPath: path, folder: folder)
            let prepared = try service.prepare(library: indexed, inspector: indexedInspector)
            try await service.cachedPath(prepared, library: indexed)
            if !options.skipProcesses, let cli = try locateCLI() {
                service.singleShow(prepared, cli: cli, library: indexed, goals: &goals)
                service.batchProcess(prepared, cli: cli, library: indexed, goals: &goals)
                service.unindexedBatch(prepared, cli: cli, library: indexed, goals: &goals)
            }
        }

        // 5. Download.
        if !options.skipDownload {
            try DownloadBenchmark(options: options, folder: folder, cli: try locateCLI()).run(goals: &goals)
        }

        // 4. The import.
        if !options.skipImport { try importComparison(folder: folder) }

        // The library must not have written to the file it read.
        let after = FileSystem.signature(path)
        let sidecars = ["-wal", "-shm", "-journal"].filter { FileSystem.exists(path + $0) }
        let untouched = before.map { $0.size } == after.map { $0.size } && before.map { $0.modified } == after.map { $0.modified }
        print(
            "\nexplore file untouched (size, mtime, no -wal/-shm/-journal): \(untouched && sidecars.isEmpty ? "yes" : "NO \(sidecars)")"
        )
        goals.check(untouched && sidecars.isEmpty, "the explore file read was changed")
        if let table = goals.rendered {
            print("\n== The goals (issues 20 and 30): ours and the reference, measured side by side in this run (medians) ==\n")
            print(table)
            print("  \(goals.missed == 0 ? "every goal met" : "\(goals.missed) goal(s) missed") on \(Machine.description)")
        }
        print("total time (build excluded): \(TextTable.number((clock.now - started).milliseconds / 1000, 1)) s")
        // A missed goal is a figure; a failed check means the figures are not of a working program.
        if !goals.failedChecks.isEmpty {
            throw BenchmarkFailure(
                "\(goals.failedChecks.count) check(s) failed: " + goals.failedChecks.joined(separator: "; "))
        }
    }

    // MARK: - In process

    /// The result of one in-process comparison table.
    struct Comparison {
        let table: TextTable
        let libraryMedians: [Double]
        let rawMedians: [Double]
    }

    private func compare(
        _ queries: [BenchmarkQuery], library: LibraryRunner, raw: RawRunner, rawSQL: ExploreDatabase,
        budgetScale: Double = 1
    ) throws -> Comparison {
        var table = TextTable([
            "query", "library median", "raw median", "ratio", "library p90", "raw p90", "rounds",
            "target", "ok?",
        ])
        var libraryMedians: [Double] = []
        var rawMedians: [Double] = []
        let sampler = Sampler(maximumIterations: options.iterations, budgetSeconds: options.budgetSeconds * budgetScale)
        for query in queries {
            let prepared = try raw.prepare(query, library: rawSQL)
            let libraryCount = try library.run(query)
            let rawCount = raw.run(prepared)
            if libraryCount != rawCount {
                print("warning: \(query.label): the library found \(libraryCount) merchants, the raw SQL \(rawCount)")
            }
            let (a, b) = try sampler.compare({ try library.run(query) }, { raw.run(prepared) })
            let ratio = a.median / b.median
            libraryMedians.append(a.median)
            rawMedians.append(b.median)
            table.add([
                query.label + " (\(libraryCount))", TextTable.milliseconds(a.median), TextTable.milliseconds(b.median),
                TextTable.ratio(ratio), TextTable.milliseconds(a.p90), TextTable.milliseconds(b.p90), "\(a.count)",
                "<= \(TextTable.ratio(Self.libraryTarget))", ratio <= Self.libraryTarget ? "ok" : "MISSED",
            ])
        }
        return Comparison(table: table, libraryMedians: libraryMedians, rawMedians: rawMedians)
    }

    private func describe(_ db: OpaquePointer, path: String) throws {
        let counts =
            try RawSQLite.rows(
                db,
                """
                SELECT (SELECT COUNT(*) FROM merchant), (SELECT COUNT(DISTINCT merchantId) FROM merchant), \
                (SELECT COUNT(*) FROM gift_card_providers), \
                (SELECT COUNT(*) FROM (SELECT merchantId FROM gift_card_providers GROUP BY merchantId HAVING COUNT(*) > 1)), \
                (SELECT COUNT(*) FROM merchant WHERE latitude IS NOT NULL), \
                (SELECT COUNT(DISTINCT merchantId) FROM merchant WHERE lower(redeemType) = 'url')
                """
            ).first ?? []
        let size = (FileSystem.signature(path)?.size ?? 0) / 1_048_576
        if counts.count == 6 {
            print(
                "  \(counts[0]) merchant rows (\(counts[4]) with coordinates), \(counts[1]) merchantIds, "
                    + "\(counts[2]) gift_card_providers rows (\(counts[3]) merchants with two providers), "
                    + "\(counts[5]) url-redeem merchants, \(size) MiB")
        }
        let providers = GiftCardProvider.allCases.map(\.displayName).joined(separator: ", ")
        print("  library built with providers: \(providers)")
    }

    // MARK: - Indexes

    private func indexStudy(
        _ queries: [BenchmarkQuery], shippedPath: String, folder: String, inspector: OpaquePointer,
        library: ExploreDatabase, shippedMedians: [Double]
    ) throws {
        print("\n== Indexes the shipped file lacks ==\n")
        print(
            "  shipped indexes: "
                + ((try? RawSQLite.rows(
                    inspector,
                    "SELECT name || ' ON ' || tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"))?
                    .map { $0[0] }.joined(separator: ", ") ?? "?"))
        print("  full scans / automatic indexes in the library's statements on the shipped file:")
        for query in queries {
            for (name, sql) in statements(query, library: library) {
                let warnings = QueryPlan.warnings(inspector, sql)
                if !warnings.isEmpty { print("    \(query.label), \(name): " + warnings.joined(separator: "; ")) }
            }
        }
        let indexedPath = try IndexedCopy.ensure(from: shippedPath, at: String(shippedPath.dropLast(".db".count)) + "-indexed.db")
        print(
            "\n  measured on a benchmark-owned copy with:\n    "
                + IndexedCopy.ddl.split(separator: "\n").joined(separator: "\n    "))
        let indexed = try ExploreDatabase(path: indexedPath)
        let indexedRaw = try RawRunner(path: indexedPath)
        let indexedInspector = try RawSQLite.openImmutable(indexedPath)
        defer { sqlite3_close_v2(indexedInspector) }
        print("  plans that change with the indexes:")
        for query in queries {
            for (name, sql) in statements(query, library: indexed) {
                let old = QueryPlan.steps(inspector, sql)
                let new = QueryPlan.steps(indexedInspector, sql)
                if old != new { print("    \(query.label), \(name): " + new.joined(separator: "; ")) }
            }
        }
        print("")
        let result = try compare(
            queries, library: LibraryRunner(database: indexed), raw: indexedRaw, rawSQL: indexed,
            budgetScale: 0.5)
        print(result.table.rendered)
        var table = TextTable(["query", "library, shipped file", "library, with indexes", "speed-up"])
        for (index, query) in queries.enumerated() {
            table.add([
                query.label, TextTable.milliseconds(shippedMedians[index]),
                TextTable.milliseconds(result.libraryMedians[index]),
                TextTable.ratio(shippedMedians[index] / result.libraryMedians[index]),
            ])
        }
        print("\n" + table.rendered)
        fflush(nil)
    }

    /// The statements a query runs, with arguments written in, labelled.
    private func statements(_ query: BenchmarkQuery, library: ExploreDatabase) -> [(String, String)] {
        switch query.request {
        case .page(let search):
            var result = [("page", SQLInliner.inline(library.pageStatement(for: search)))]
            let ids = (try? LibraryRunner(database: library).pageIds(search)) ?? []
            if let offers = library.pageOffersStatement(merchantIds: ids) { result.append(("offers", SQLInliner.inline(offers))) }
            return result
        case .merchant(let id):
            return [("merchant", SQLInliner.inline(library.merchantStatement(id: id)))]
        }
    }

    // MARK: - Whole process

    private func wholeProcess(
        _ queries: [BenchmarkQuery], path: String, folder: String, library: ExploreDatabase, goals: inout GoalTable
    ) throws {
        print("\n== Whole process: the merchant-lookup binary vs the sqlite3 shell (spawned, median wall time) ==\n")
        guard let cli = try locateCLI() else { return }
        let shell = FileSystem.which("sqlite3")
        let spawns = options.spawns
        let clock = MonotonicClock()
        func launches(_ path: String, _ arguments: [String]) -> Samples {
            var samples = Samples()
            _ = ProcessRunner.run(path, arguments)
            let start = clock.now
            while samples.count < spawns, samples.count < 3 || (clock.now - start).milliseconds < options.spawnBudgetSeconds * 500
            {
                samples.append(ProcessRunner.run(path, arguments).milliseconds)
            }
            return samples
        }
        guard let shell else {
            let cliStart = launches(cli, ["--version"])
            print("  start-up: merchant-lookup --version \(TextTable.milliseconds(cliStart.median))")
            print("  sqlite3 is not installed: the shell comparison is skipped.")
            return
        }
        // Start-up: the two programs doing next to nothing, rounds alternating.
        let startup = ProcessComparison(spawns: options.startupRounds, budgetSeconds: options.spawnBudgetSeconds)
        let (cliStart, shellStart) = startup.run(
            .init(path: cli, arguments: ["--version"]), .init(path: shell, arguments: ["-version"]))
        print(
            "  start-up: merchant-lookup --version \(TextTable.milliseconds(cliStart.median)), "
                + "sqlite3 -version \(TextTable.milliseconds(shellStart.median)) (\(cliStart.count) rounds)")
        goals.time(
            "--version", ours: cliStart.median, reference: shellStart.median, referenceName: "sqlite3 -version",
            goal: Self.startupGoal)
        print("  \(cli)\n  \(shell) (\(String(cString: sqlite3_libversion())) linked here)\n")

        var table = TextTable([
            "query", "merchant-lookup", "sqlite3 shell", "ratio", "target", "ok?",
            "start-up share cli/shell", "ratio w/o start-up", "launches",
        ])
        for query in queries {
            let cliArguments = ["--db", path] + query.cliArguments
            // The shell has no `dashspend_fold` (the library defines it in its own connections, the raw side in
            // its own): `lower()` stands in, so a name search runs there instead of failing at once.
            let sql = (statements(query, library: library).map(\.1).joined(separator: ";\n") + ";")
                .replacingEvery("dashspend_fold(", with: "lower(")
            let shellArguments = ["-readonly", "-json", path, sql]
            // Check both produce something, once, outside the timing.
            let check = folder + "/process-check.out"
            let cliCheck = ProcessRunner.run(cli, cliArguments, stdout: check)
            let cliBytes = FileSystem.read(check)?.utf8.count ?? 0
            let shellCheck = ProcessRunner.run(shell, shellArguments, stdout: check)
            let shellBytes = FileSystem.read(check)?.utf8.count ?? 0
            FileSystem.remove(check)
            goals.check(
                cliCheck.status == 0 && shellCheck.status == 0 && cliBytes > 0 && shellBytes > 0,
                "\(query.label): merchant-lookup exit \(cliCheck.status) (\(cliBytes) bytes), "
                    + "sqlite3 exit \(shellCheck.status) (\(shellBytes) bytes)")
            let (a, b) = ProcessComparison(spawns: spawns, budgetSeconds: options.spawnBudgetSeconds).run(
                .init(path: cli, arguments: cliArguments), .init(path: shell, arguments: shellArguments))
            let ratio = a.median / b.median
            let target = query.heavy ? "<= \(TextTable.ratio(Self.processTarget))" : "report"
            let ok = query.heavy ? (ratio <= Self.processTarget ? "ok" : "MISSED") : "-"
            let share =
                "\(Int((cliStart.median / a.median * 100).rounded()))% / \(Int((shellStart.median / b.median * 100).rounded()))%"
            let withoutStart = (a.median - cliStart.median) / max(b.median - shellStart.median, 0.001)
            table.add([
                query.label, TextTable.milliseconds(a.median), TextTable.milliseconds(b.median), TextTable.ratio(ratio),
                target, ok, share, TextTable.ratio(withoutStart), "\(a.count)",
            ])
        }
        print(table.rendered)
    }

    /// Issue 30's name lookups (``NameBenchmark``) on the shipped file and on the copy `sync` installs.
    private func names(path: String, folder: String, inspector: OpaquePointer, goals: inout GoalTable) throws {
        guard let cli = try locateCLI() else { return }
        guard let shell = FileSystem.which("sqlite3") else {
            print("  sqlite3 is not installed: the name lookups are not compared.")
            return
        }
        let installed = try IndexedCopy.ensure(from: path, at: String(path.dropLast(".db".count)) + "-indexed.db")
        NameBenchmark(options: options, folder: folder, cli: cli, shell: shell).run(
            files: [("as shipped", path), ("installed", installed)], name: try NameBenchmark.uniqueName(inspector),
            goals: &goals)
    }

    /// `sync`'s import against the floor of the standard tools (see ``ImportBenchmark``).
    private func importComparison(folder: String) throws {
        guard let cli = try locateCLI() else { return }
        try ImportBenchmark(options: options, folder: folder, packageRoot: packageRoot, cli: cli).run()
    }

    /// The script the README's install section builds the binary a user ships with (its comments say what each
    /// of its flags does for start-up); the arguments it is given here follow its own.
    static let releaseBuildScript = "ci/build-release.sh"

    /// The `merchant-lookup` binary: `--cli`, else the binary a user is told to ship (README's install
    /// section, ``releaseBuildScript``), built first into `.build-benchmark-cli` (not
    /// timed; a no-op when it is current), so a stale binary is never timed. A debug benchmark (`--quick` in
    /// CI) times the debug binary next to it instead. Nil (after a note) when there is none.
    private func locateCLI() throws -> String? {
        if let path = options.cliPath { return path }
        let folder = FileSystem.directory(of: FileSystem.executablePath)
        if folder.hasSuffix("/debug") {
            let candidate = folder + "/merchant-lookup"
            guard FileSystem.isExecutable(candidate) else {
                print("  no merchant-lookup next to this executable: the whole-process comparison is skipped (use --cli PATH)")
                return nil
            }
            return candidate
        }
        let scratch = packageRoot + "/.build-benchmark-cli"
        let candidate = scratch + "/release/merchant-lookup"
        if FileSystem.which("swift") != nil {
            let arguments = [
                packageRoot + "/" + Self.releaseBuildScript, "-j", "2", "--scratch-path", scratch, "--product",
                "merchant-lookup",
            ]
            print("  sh \(arguments.joined(separator: " ")) (not timed)...")
            fflush(nil)
            let build = ProcessRunner.run("/bin/sh", arguments)
            if build.status != 0 {
                print("  warning: the build failed (exit \(build.status)); using the existing binary if there is one")
            }
        }
        guard FileSystem.isExecutable(candidate) else {
            print("  no merchant-lookup at \(candidate): the whole-process comparison is skipped (use --cli PATH)")
            return nil
        }
        return candidate
    }
}
