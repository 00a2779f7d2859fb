import CSQLite
import DashSpend
import DashSpendCore
@_spi(Benchmarks) import DashSpendExplore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The merchant service's cached path, measured two ways on the generated file (the copy with the indexes
/// `sync` adds, as an installed database has them), with fresh stored answers for every merchant measured
/// (so nothing asks the network):
///
/// 1. In process: resolutions per second through ``DashSpendClient/merchant(_:policy:)`` (explore and state
///    database reads, the chains, ranking) against the same reads as bare SQL through the C API.
/// 2. Whole process: one `merchant-lookup show --stdin --offline --json` over the merchants against the
///    `sqlite3` shell running the same lookups as one script (the state database attached); the same batch on
///    the file as shipped (no `merchantId` index, as the wallets' own file) against the script on the indexed
///    copy; and one offline `show`, its time and its peak memory, against the shell's for the same reads.
struct ServiceBenchmark {
    /// In process: the client's median at most this many times the bare SQL's.
    static let cachedTarget = 2.0
    /// Whole process (issue 20): the batch `show` at most this many times the shell script.
    static let batchTarget = 1.2
    /// Issue 20: the batch on the file as shipped at most this many times the script on the indexed copy.
    static let unindexedBatchTarget = 3.0
    /// One offline `show` at most this many times the shell's same reads (issue 30; issue 20's was 2.5).
    static let singleShowTarget = 1.5
    /// The peak memory of one offline `show`, at most (MiB; issue 30; issue 20's was 20).
    static let singleShowMemoryGoal = 10.0

    let options: BenchmarkOptions
    /// The generated explore file with the lookup indexes `sync` adds.
    let path: String
    /// The generated explore file as shipped: no `merchantId` index.
    let shippedPath: String
    /// The benchmark's folder.
    let folder: String

    /// How many merchants are resolved per round and per batch.
    var merchantCount: Int { options.quick ? 50 : 1_000 }
    /// The state directory the client and the binary share (its state database is rebuilt every run).
    var home: String { folder + "/service-home" }

    /// The merchants measured and their offers (provider id, sourceId), with fresh answers stored for each.
    struct Prepared {
        let ids: [String]
        let offers: [[(provider: String, sourceId: String)]]
        let client: DashSpendClient
        let statePath: String
    }

    /// Picks the merchants, rebuilds the state database with a fresh answer for each of their offers.
    func prepare(library: ExploreDatabase, inspector: OpaquePointer) throws -> Prepared {
        let candidates = try RawSQLite.rows(
            inspector,
            "SELECT merchantId FROM gift_card_providers WHERE provider = 'CTX' GROUP BY merchantId ORDER BY min(id) "
                + "LIMIT \(merchantCount * 2)"
        ).map { $0[0] }
        var ids: [String] = []
        var offers: [[(provider: String, sourceId: String)]] = []
        for id in candidates where ids.count < merchantCount {
            guard case .found(let merchant) = try library.merchant(id: id), !merchant.providers.isEmpty else { continue }
            ids.append(id)
            offers.append(merchant.providers.map { ($0.provider.id, $0.sourceId) })
        }
        FileSystem.makeDirectories(home)
        let client = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: home, database: .file(path), offline: true))
        let statePath = client.configuration.stateDatabasePath
        for suffix in ["", "-wal", "-shm", "-journal"] { FileSystem.remove(statePath + suffix) }
        let cache = SQLiteOfferCache(database: try client.stateDatabase())
        let now = Date()
        for merchantOffers in offers {
            for offer in merchantOffers {
                guard let provider = GiftCardProvider(id: offer.provider) else { continue }
                try cache.save(
                    ProviderMerchantDetails(
                        provider: provider, sourceId: offer.sourceId, enabled: true, discountBasisPoints: 425,
                        denominationsType: .flexible, denominations: .flexible(minimum: 10, maximum: 250),
                        fetchedAt: now))
            }
        }
        return Prepared(ids: ids, offers: offers, client: client, statePath: statePath)
    }

    // MARK: - In process

    /// Resolutions per second through the client against the same reads in bare SQL; prints the table.
    func cachedPath(_ prepared: Prepared, library: ExploreDatabase) async throws {
        print("\n== Cached path: DashSpendClient.merchant(_:policy: .cacheOnly) vs the same reads as bare SQL ==")
        print(
            "   (\(prepared.ids.count) merchants with fresh stored answers per round; rounds alternate; "
                + "target client <= \(TextTable.ratio(Self.cachedTarget)) raw)\n")
        let raw = try RawServiceReads(explorePath: path, statePath: prepared.statePath, library: library)
        let client = prepared.client
        // Check once that the stored answers are what the client shows.
        let first = try await client.merchant(prepared.ids[0], policy: .cacheOnly)
        if first.offers.first?.discountBasisPoints.source != .cached {
            print("warning: the client did not show the stored answer for \(prepared.ids[0])")
        }
        let clock = MonotonicClock()
        var sink = 0
        func libraryRound() async throws -> Double {
            let start = clock.now
            for id in prepared.ids { sink &+= try await client.merchant(id, policy: .cacheOnly).offers.count }
            return (clock.now - start).milliseconds
        }
        func rawRound() -> Double {
            let start = clock.now
            for id in prepared.ids { sink &+= raw.resolve(id) }
            return (clock.now - start).milliseconds
        }
        _ = try await libraryRound()
        _ = rawRound()
        var a = Samples()
        var b = Samples()
        let start = clock.now
        let rounds = options.quick ? 2 : min(options.iterations, 40)
        while a.count < rounds, a.count < 3 || (clock.now - start).milliseconds < options.budgetSeconds * 1000 {
            if a.count % 2 == 0 {
                a.append(try await libraryRound())
                b.append(rawRound())
            } else {
                b.append(rawRound())
                a.append(try await libraryRound())
            }
        }
        if sink == Int.min { print("") }
        let count = Double(prepared.ids.count)
        let ratio = a.median / b.median
        var table = TextTable([
            "side", "median per round", "resolutions/s", "per resolution", "p90 per round", "rounds", "ratio", "target",
            "ok?",
        ])
        table.add([
            "DashSpendClient (.cacheOnly)", TextTable.milliseconds(a.median), TextTable.number(count / a.median * 1000, 0),
            TextTable.milliseconds(a.median / count), TextTable.milliseconds(a.p90), "\(a.count)", TextTable.ratio(ratio),
            "<= \(TextTable.ratio(Self.cachedTarget))", ratio <= Self.cachedTarget ? "ok" : "MISSED",
        ])
        table.add([
            "bare SQL (C API)", TextTable.milliseconds(b.median), TextTable.number(count / b.median * 1000, 0),
            TextTable.milliseconds(b.median / count), TextTable.milliseconds(b.p90), "\(b.count)", "", "", "",
        ])
        print(table.rendered)
        fflush(nil)
    }

    // MARK: - Whole process

    /// The `sqlite3` script of the lookups of `prepared` (the merchants at `indexes`): the state database
    /// attached, then for each merchant its explore row and its stored answers, as the library reads them.
    func script(_ prepared: Prepared, library: ExploreDatabase, indexes: Range<Int>? = nil) -> String {
        var script = "ATTACH \(SQLInliner.literal(.text(prepared.statePath))) AS state;\n"
        for index in indexes ?? prepared.ids.indices {
            script += SQLInliner.inline(library.merchantStatement(id: prepared.ids[index])) + ";\n"
            for offer in prepared.offers[index] where RawServiceReads.providerIds.contains(offer.provider) {
                script += RawServiceReads.answerScript(provider: offer.provider, sourceId: offer.sourceId) + "\n"
            }
        }
        return script
    }

    /// One offline `show` of the first merchant (on the indexed copy) against the shell's same reads: time
    /// (rounds alternating) and peak memory.
    func singleShow(_ prepared: Prepared, cli: String, library: ExploreDatabase, goals: inout GoalTable) {
        print("\n== One offline `merchant-lookup show ID --json` vs the sqlite3 shell's same reads ==\n")
        guard let shell = FileSystem.which("sqlite3"), let id = prepared.ids.first else {
            print("  sqlite3 is not installed: the comparison is skipped.")
            return
        }
        let scriptPath = folder + "/single-show.sql"
        do {
            try FileSystem.writeAtomically(script(prepared, library: library, indexes: 0..<1), to: scriptPath)
        } catch {
            print("  cannot write the script: \(error)")
            return
        }
        let cliArguments = ["show", id, "--offline", "--json", "--db", path, "--home", home]
        let shellArguments = ["-readonly", "-json", path]
        // Both answer, once, outside the timing: the merchant's id in each output.
        let check = folder + "/single-show-check.out"
        let cliCheck = ProcessRunner.run(cli, cliArguments, stdout: check)
        let cliFound = FileSystem.read(check)?.contains(id) ?? false
        let shellCheck = ProcessRunner.run(shell, shellArguments, stdout: check, stdin: scriptPath)
        let shellFound = FileSystem.read(check)?.contains(id) ?? false
        FileSystem.remove(check)
        goals.check(
            cliCheck.status == 0 && cliFound && shellCheck.status == 0 && shellFound,
            "one show: merchant-lookup exit \(cliCheck.status) (id printed: \(cliFound)), "
                + "sqlite3 exit \(shellCheck.status) (id printed: \(shellFound))")
        let (a, b) = ProcessComparison(spawns: options.startupRounds, budgetSeconds: options.spawnBudgetSeconds).run(
            .init(path: cli, arguments: cliArguments), .init(path: shell, arguments: shellArguments, stdin: scriptPath))
        // Peak memory: the median of a few traced runs of each.
        func peak(_ path: String, _ arguments: [String], stdin: String = "/dev/null") -> Int {
            let runs = (0..<(options.quick ? 1 : 5)).map { _ in ProcessRunner.peakMemory(path, arguments, stdin: stdin) }
            return runs.sorted()[runs.count / 2]
        }
        let cliPeak = peak(cli, cliArguments)
        let shellPeak = peak(shell, shellArguments, stdin: scriptPath)
        var table = TextTable(["side", "median wall time", "p90", "peak memory", "launches"])
        table.add([
            "merchant-lookup show \(id) --offline --json", TextTable.milliseconds(a.median), TextTable.milliseconds(a.p90),
            TextTable.number(Double(cliPeak) / 1024, 1) + " MiB", "\(a.count)",
        ])
        table.add([
            "sqlite3 script (\(prepared.offers[0].count + 1) SELECTs)", TextTable.milliseconds(b.median),
            TextTable.milliseconds(b.p90), TextTable.number(Double(shellPeak) / 1024, 1) + " MiB", "\(b.count)",
        ])
        print(table.rendered)
        goals.time(
            "one offline show ID --json (indexed file)", ours: a.median, reference: b.median,
            referenceName: "sqlite3, the same SELECTs", goal: Self.singleShowTarget)
        goals.memory(
            "peak memory of one offline show", oursKiB: cliPeak, referenceKiB: shellPeak, referenceName: "sqlite3",
            goalMiB: Self.singleShowMemoryGoal)
        fflush(nil)
    }

    /// One batch `show --offline` process against one `sqlite3` script; prints the table.
    func batchProcess(_ prepared: Prepared, cli: String, library: ExploreDatabase, goals: inout GoalTable) {
        print(
            "\n== Batch: one `merchant-lookup show --stdin --offline --json` over \(prepared.ids.count) merchants "
                + "vs one sqlite3 script of the same lookups ==\n")
        guard let measured = batch(prepared, cli: cli, explorePath: path, library: library, goals: &goals) else { return }
        goals.time(
            "\(prepared.ids.count) lookups show --stdin --offline --json, indexed file", ours: measured.ours,
            reference: measured.script, referenceName: "one sqlite3 script", goal: Self.batchTarget)
    }

    /// The same batch on the file as shipped (no `merchantId` index, opened with `--db` as the wallets' own file
    /// would be) against the script on the indexed copy.
    func unindexedBatch(_ prepared: Prepared, cli: String, library: ExploreDatabase, goals: inout GoalTable) {
        print(
            "\n== Batch on the file as shipped (no merchantId index) vs the sqlite3 script on the indexed copy ==\n")
        guard let measured = batch(prepared, cli: cli, explorePath: shippedPath, library: library, goals: &goals) else {
            return
        }
        goals.time(
            "the same on the file as shipped (no merchantId index)", ours: measured.ours, reference: measured.script,
            referenceName: "the script on an indexed copy", goal: Self.unindexedBatchTarget)
    }

    /// Times a batch `show` over `explorePath` against the script on the indexed copy; prints the table and
    /// returns the medians (nil when it could not run).
    private func batch(
        _ prepared: Prepared, cli: String, explorePath: String, library: ExploreDatabase, goals: inout GoalTable
    ) -> (
        ours: Double, script: Double
    )? {
        guard let shell = FileSystem.which("sqlite3") else {
            print("  sqlite3 is not installed: the batch comparison is skipped.")
            return nil
        }
        let idsPath = folder + "/batch-ids.txt"
        let scriptPath = folder + "/batch-script.sql"
        do {
            try FileSystem.writeAtomically(prepared.ids.joined(separator: "\n") + "\n", to: idsPath)
            try FileSystem.writeAtomically(script(prepared, library: library), to: scriptPath)
        } catch {
            print("  cannot write the batch inputs: \(error)")
            return nil
        }
        let cliArguments = ["show", "--stdin", "--offline", "--json", "--db", explorePath, "--home", home]
        let shellArguments = ["-readonly", "-json", path]
        let check = folder + "/batch-check.out"
        let cliCheck = ProcessRunner.run(cli, cliArguments, stdout: check, stdin: idsPath)
        let cliLines = FileSystem.read(check)?.split(separator: "\n").count ?? 0
        let cachedLines = FileSystem.read(check)?.split(separator: "\n").filter { $0.contains("\"cached\"") }.count ?? 0
        let shellCheck = ProcessRunner.run(shell, shellArguments, stdout: check, stdin: scriptPath)
        let shellBytes = FileSystem.read(check)?.utf8.count ?? 0
        FileSystem.remove(check)
        goals.check(
            cliCheck.status == 0 && cliLines == prepared.ids.count && cachedLines == prepared.ids.count
                && shellCheck.status == 0 && shellBytes > 0,
            "batch show: merchant-lookup exit \(cliCheck.status) (\(cliLines) lines, \(cachedLines) with stored answers), "
                + "sqlite3 exit \(shellCheck.status) (\(shellBytes) bytes)")
        let (a, b) = ProcessComparison(spawns: options.spawns, budgetSeconds: options.spawnBudgetSeconds).run(
            .init(path: cli, arguments: cliArguments, stdin: idsPath),
            .init(path: shell, arguments: shellArguments, stdin: scriptPath))
        var table = TextTable(["side", "median wall time", "per merchant", "p90", "launches"])
        table.add([
            "merchant-lookup show --stdin", TextTable.milliseconds(a.median),
            TextTable.milliseconds(a.median / Double(prepared.ids.count)), TextTable.milliseconds(a.p90), "\(a.count)",
        ])
        table.add([
            "sqlite3 script", TextTable.milliseconds(b.median),
            TextTable.milliseconds(b.median / Double(prepared.ids.count)), TextTable.milliseconds(b.p90), "\(b.count)",
        ])
        print(table.rendered)
        fflush(nil)
        return (a.median, b.median)
    }
}
