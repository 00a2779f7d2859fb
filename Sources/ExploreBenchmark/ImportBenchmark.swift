import CSQLite
import CZlib
import DashSpendCore
import DashSpendSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `sync`'s import of the wallets' explore ZIP (decrypt + inflate, verify, index: `merchant-lookup sync --from
/// ZIP --force`, a whole process) against the floor of the same work done by the standard tools on the same
/// bytes, side by side in one run, rounds alternating which side goes first, medians:
///
/// - decrypt: `openssl enc -d -aes-256-ctr` over the archive's ciphertext with the archive's AES key (derived
///   as WinZip-AES does). OpenSSL counts the CTR blocks big-endian, WinZip little-endian, so its output
///   differs after the first block; the work (AES-256 per block and the XOR) is the same.
/// - inflate: zlib's `inflate` over the decrypted deflate stream, called straight from this process in 1 MiB
///   reads, writing the database file (no process start, no checks: the least any inflate can cost).
/// - verify: `sqlite3 FILE 'PRAGMA quick_check'` on a fresh copy of that database.
/// - index: `sqlite3 FILE` with the library's own `CREATE INDEX` statements (``LookupIndexes/statements``), on
///   the same copy, in rollback-journal mode as the import does.
///
/// What the import does beyond the floor: the HMAC-SHA1 over the ciphertext (the floor has none), the
/// CRC-32C and size checks, the staging file's `fsync`, opening the database with the library (schema
/// detection, counts), the installed file's CRC-32C, the metadata and the renames. Peak memory is the `merchant-lookup` process's `VmHWM`, sampled while it runs.
struct ImportBenchmark {
    let options: BenchmarkOptions
    /// Where generated files are cached.
    let folder: String
    /// The package root (for the schema).
    let packageRoot: String
    /// The `merchant-lookup` binary.
    let cli: String

    /// The import must take at most this many times the floor.
    static let target = 1.5

    /// One database size: a label and the generator's rows.
    struct Case {
        let label: String
        let size: ExploreFileGenerator.Size
    }

    /// The sizes measured: about 70 MB and 280 MB, or two small files with `--quick`.
    var cases: [Case] {
        if options.quick {
            return [
                Case(label: "quick", size: .smoke),
                Case(label: "quick-4x", size: ExploreFileGenerator.Size(merchantCount: 800, rowCount: 8_000)),
            ]
        }
        return [
            // About 470 bytes per merchant row (FTS4 included).
            Case(label: "70MB", size: ExploreFileGenerator.Size(merchantCount: 14_000, rowCount: 148_000)),
            Case(label: "280MB", size: ExploreFileGenerator.Size(merchantCount: 55_000, rowCount: 592_000)),
        ]
    }

    /// Runs every case and prints the tables.
    func run() throws {
        print("\n== Import: sync's decrypt + inflate + verify + index vs the floor of the standard tools ==")
        print("   (merchant-lookup sync --from ZIP --force --json, a whole process, vs openssl enc + zlib inflate +")
        print("    sqlite3 quick_check + sqlite3 CREATE INDEX on the same bytes; rounds alternate; medians)\n")
        guard let openssl = FileSystem.which("openssl"), let sqlite3 = FileSystem.which("sqlite3") else {
            print("  openssl or sqlite3 is not installed: the import comparison is skipped.")
            return
        }
        var totals = TextTable([
            "database", "zip", "sync", "floor", "ratio", "target", "ok?", "sync CPU", "floor CPU", "CPU ratio",
            "sync peak memory", "rounds",
        ])
        var stages = TextTable(["database", "stage", "sync", "floor", "ratio", "floor is"])
        for item in cases {
            let measured = try measure(item, openssl: openssl, sqlite3: sqlite3)
            let ratio = measured.sync.median / measured.floor.median
            totals.add([
                "\(item.label) (\(megabytes(measured.databaseBytes)))", megabytes(measured.zipBytes),
                TextTable.milliseconds(measured.sync.median), TextTable.milliseconds(measured.floor.median),
                TextTable.ratio(ratio), "<= \(TextTable.ratio(Self.target))", ratio <= Self.target ? "ok" : "MISSED",
                TextTable.milliseconds(measured.syncCPU.median), TextTable.milliseconds(measured.floorCPU.median),
                TextTable.ratio(measured.syncCPU.median / measured.floorCPU.median),
                megabytes(measured.peakKilobytes * 1024), "\(measured.sync.count)",
            ])
            for (index, stage) in ["decrypt", "verify", "index"].enumerated() {
                let ours = measured.stages[index].median
                let floor = measured.floorStages[index].median
                stages.add([
                    item.label, stage == "decrypt" ? "decrypt+inflate" : stage, TextTable.milliseconds(ours),
                    TextTable.milliseconds(floor), TextTable.ratio(ours / floor),
                    ["openssl enc -d -aes-256-ctr + zlib inflate", "sqlite3 PRAGMA quick_check", "sqlite3 CREATE INDEX x2"][
                        index],
                ])
            }
            fflush(nil)
        }
        print(totals.rendered)
        print("\n  per stage (sync's own stage times from its --json `seconds`; the floor's steps timed alone):\n")
        print(stages.rendered)
        fflush(nil)
    }

    /// What one case measured.
    struct Measured {
        var sync = Samples()
        var floor = Samples()
        /// CPU time (user + system) of each side: steadier than wall time on a shared machine.
        var syncCPU = Samples()
        var floorCPU = Samples()
        /// decrypt, verify, index: sync's stage times.
        var stages = [Samples(), Samples(), Samples()]
        /// decrypt + inflate, quick_check, create index: the floor's.
        var floorStages = [Samples(), Samples(), Samples()]
        var peakKilobytes = 0
        var databaseBytes = 0
        var zipBytes = 0
    }

    private func measure(_ item: Case, openssl: String, sqlite3: String) throws -> Measured {
        var generator = ExploreFileGenerator(schemaPath: packageRoot + "/Fixtures/Schemas/explore-v4.sql")
        generator.size = item.size
        let base = folder + "/import-\(item.label)"
        let (database, generated) = try generator.ensure(at: base + ".db")
        if let generated { print("  generated \(database) in \(TextTable.number(generated, 1)) s") }
        try Self.addATMs(to: database)
        // The floor's inputs, made once and not timed: the ciphertext alone, and the deflate stream it hides
        // (in a scope of their own, so the big arrays are freed before the runs).
        let (archive, key, databaseBytes, zipBytes) = try { () throws -> (ExploreArchiveFile, [UInt8], Int, Int) in
            let plain = FileSystem.bytes(database) ?? []
            let archive = try ExploreArchiveFile.write(plain, timestamp: 1_750_000_000_000, to: base + ".zip")
            let zip = FileSystem.bytes(archive.path) ?? []
            let key = try archive.encryptionKey()
            var ciphertext = Array(zip[archive.ciphertext])
            try FileSystem.write([ciphertext], to: base + ".ciphertext")
            try AESCounterMode.apply(key: key, to: &ciphertext)
            try FileSystem.write([ciphertext], to: base + ".deflate")
            return (archive, key, plain.count, zip.count)
        }()
        let keyHex = key.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let iv = "01" + String(repeating: "00", count: 15)
        let state = base + "-state"
        FileSystem.makeDirectories(state)
        chmod(state, 0o700)
        let output = base + ".sync.json"
        let copy = base + "-floor.db"
        let indexSQL = (["PRAGMA journal_mode = DELETE"] + LookupIndexes.statements).joined(separator: "; ") + ";"

        var measured = Measured()
        func syncOnce() {
            let run = ProcessRunner.run(
                cli, ["--state-dir", state, "sync", "--from", archive.path, "--force", "--json"], stdout: output)
            if run.status != 0 { print("  warning: merchant-lookup sync exited \(run.status)") }
            measured.sync.append(run.milliseconds)
            measured.syncCPU.append(run.cpuMilliseconds)
            let seconds = Self.stageSeconds(FileSystem.read(output) ?? "")
            for (index, stage) in ["decrypt", "verify", "index"].enumerated() {
                measured.stages[index].append((seconds[stage] ?? .nan) * 1000)
            }
        }
        func floorOnce() throws {
            let decrypt = ProcessRunner.run(
                openssl,
                ["enc", "-d", "-aes-256-ctr", "-K", keyHex, "-iv", iv, "-in", base + ".ciphertext", "-out", base + ".openssl"])
            if decrypt.status != 0 { print("  warning: openssl exited \(decrypt.status)") }
            let clock = MonotonicClock()
            var before = rusage()
            getrusage(Self.selfUsage, &before)
            let start = clock.now
            let inflated = try Self.inflate(base + ".deflate", to: copy)
            let inflate = (clock.now - start).milliseconds
            var after = rusage()
            getrusage(Self.selfUsage, &after)
            let inflateCPU = ProcessRunner.cpuMilliseconds(after) - ProcessRunner.cpuMilliseconds(before)
            if inflated != databaseBytes { print("  warning: zlib inflated \(inflated) bytes, not \(databaseBytes)") }
            let check = ProcessRunner.run(sqlite3, [copy, "PRAGMA quick_check"])
            let index = ProcessRunner.run(sqlite3, [copy, indexSQL])
            if check.status != 0 || index.status != 0 { print("  warning: sqlite3 exited \(check.status), \(index.status)") }
            measured.floorStages[0].append(decrypt.milliseconds + inflate)
            measured.floorStages[1].append(check.milliseconds)
            measured.floorStages[2].append(index.milliseconds)
            measured.floor.append(decrypt.milliseconds + inflate + check.milliseconds + index.milliseconds)
            measured.floorCPU.append(decrypt.cpuMilliseconds + inflateCPU + check.cpuMilliseconds + index.cpuMilliseconds)
        }
        // One warm-up of each (page cache, the binary), then the rounds.
        syncOnce()
        try floorOnce()
        measured = Measured(databaseBytes: databaseBytes, zipBytes: zipBytes)
        // Peak memory: one more run, not timed, its VmHWM sampled every 5 ms.
        let sampled = ProcessRunner.run(
            cli, ["--state-dir", state, "sync", "--from", archive.path, "--force", "--quiet"], sampleMemory: true)
        measured.peakKilobytes = sampled.peakKilobytes
        let rounds = options.quick ? 2 : (item.size.rowCount > 1_000_000 ? 5 : 7)
        for round in 0..<rounds {
            if round % 2 == 0 {
                syncOnce()
                try floorOnce()
            } else {
                try floorOnce()
                syncOnce()
            }
        }
        for suffix in [".ciphertext", ".deflate", ".openssl", ".sync.json", "-floor.db", "-floor.db-journal"] {
            FileSystem.remove(base + suffix)
        }
        return measured
    }

    /// The generator writes no ATMs and `sync` requires some when the file has an `atm` table: adds 2,500
    /// (the real file has a few thousand) to a generated file that has none, through the FTS triggers.
    static func addATMs(to path: String) throws {
        let db = try RawSQLite.openReadWrite(path)
        defer { sqlite3_close_v2(db) }
        guard try RawSQLite.rows(db, "SELECT COUNT(*) FROM atm").first?.first == "0" else { return }
        try RawSQLite.exec(
            db,
            """
            INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city, type, source)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
            SELECT i, 'Bitcoin ATM ' || i, 'General Bytes', 1, 25 + (i % 200) * 0.1, -120 + (i % 500) * 0.1,
                'Texas', 'Austin', 'Buy and Sell', 'coinatmradar' FROM n
            """)
    }

    /// `RUSAGE_SELF`, as `getrusage` takes it on each platform.
    #if canImport(Glibc)
    static let selfUsage = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    static let selfUsage = RUSAGE_SELF
    #endif

    /// zlib's raw inflate of the file `input` into the file `output`, 1 MiB at a time; the bytes written.
    static func inflate(_ input: String, to output: String) throws -> Int {
        guard let source = fopen(input, "rb") else { throw RawSQLite.Failure(description: "cannot read \(input)") }
        defer { fclose(source) }
        guard let target = fopen(output, "wb") else { throw RawSQLite.Failure(description: "cannot write \(output)") }
        defer { fclose(target) }
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw RawSQLite.Failure(description: "inflateInit2") }
        defer { inflateEnd(&stream) }
        var inBuffer = [UInt8](repeating: 0, count: 1 << 20)
        var outBuffer = [UInt8](repeating: 0, count: 1 << 20)
        var written = 0
        var status = Z_OK
        while status != Z_STREAM_END {
            let count = fread(&inBuffer, 1, inBuffer.count, source)
            if count <= 0 { break }
            try inBuffer.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(count)
                repeat {
                    let produced = outBuffer.withUnsafeMutableBufferPointer { out -> Int in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        status = CZlib.inflate(&stream, Z_NO_FLUSH)
                        return out.count - Int(stream.avail_out)
                    }
                    guard status == Z_OK || status == Z_STREAM_END else {
                        throw RawSQLite.Failure(description: "inflate: zlib status \(status)")
                    }
                    written += fwrite(outBuffer, 1, produced, target)
                } while stream.avail_in > 0 && status != Z_STREAM_END
            }
        }
        return written
    }

    /// The `seconds` object of `sync --json`: `{"decrypt":0.5,"verify":0.1,"index":0.2}`.
    static func stageSeconds(_ json: String) -> [String: Double] {
        guard let start = json.firstOccurrence(of: "\"seconds\":{") else { return [:] }
        let body = json[start.upperBound...].prefix { $0 != "}" }
        var result: [String: Double] = [:]
        for member in body.split(separator: ",") {
            let parts = member.split(separator: ":")
            guard parts.count == 2 else { continue }
            result[parts[0].trimmingCharacters(in: "\"")] = Double(parts[1])
        }
        return result
    }

    private func megabytes(_ bytes: Int) -> String { TextTable.number(Double(bytes) / 1_000_000, 1) + " MB" }
}

extension Substring {
    /// The text without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
