import DashSpendCore
import DashSpendLocking
import DashSpendPrivateFiles
import DashSpendSQLite
import DashSpendState
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The state database keeps one answer per merchant in a migrated file, and sets an unusable file aside")
struct StateDatabaseTests {
    let scratch: ScratchDirectory
    let path: String
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    init() throws {
        scratch = try ScratchDirectory(prefix: "state-database")
        path = scratch.file("state.db")
    }

    func answer(_ sourceId: String, discount: Int, at seconds: TimeInterval) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: .ctx, sourceId: sourceId, name: "Shop \(sourceId)", enabled: true, discountBasisPoints: discount,
            denominationsType: .flexible, denominations: nil, fetchedAt: Date(timeIntervalSince1970: seconds))
    }

    func asideFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".damaged-") }.sorted()
    }

    @Test("Saved answers load back; a newer answer replaces the old one; the migration is recorded")
    func roundTrip() throws {
        let cache = try SQLiteOfferCache(path: path)
        try cache.save(answer("a", discount: 100, at: 1_000))
        try cache.save(answer("a", discount: 250, at: 2_000))
        try cache.save(answer("b", discount: 300, at: 3_000))
        #expect(try cache.load(.ctx, sourceId: "a") == answer("a", discount: 250, at: 2_000))
        #expect(try SQLiteOfferCache(path: path).load(.ctx, sourceId: "b") == answer("b", discount: 300, at: 3_000))
        #expect(try cache.load(.ctx, sourceId: "c") == nil)
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(
            try connection.fetchAll("SELECT name FROM dashspend_migrations") { $0.text("name") }
                == StateDatabase.migrator.migrations.map(\.name))
        #expect(try connection.fetchOne("SELECT COUNT(*) AS n FROM provider_answer") { $0.integer("n") } == 2)
    }

    @Test("A file whose rates were kept as floats drops them (a cache) and keeps its answers; rates become text")
    func ratesBecomeText() throws {
        do {
            let older = try SQLiteConnection(path: path, mode: .readWrite)
            let before = StateDatabase.migrator.migrations.filter { $0.name != "4-exchange-rates-as-text" }
            #expect(before.count == StateDatabase.migrator.migrations.count - 1)
            try SQLiteMigrator(before).migrate(older)
            try older.execute(
                """
                INSERT INTO exchange_rate (provider, network, currency, rate, fetchedAt)
                VALUES ('piggycards', 'mainnet', 'USD', 27.17, 1)
                """)
            try older.execute(
                "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', 'a', 1, '{}')"
            )
        }

        let database = try StateDatabase(path: path, network: .mainnet, now: now)
        let rows = try database.connection.fetchOne("SELECT COUNT(*) AS n FROM exchange_rate") { $0.integer("n") }
        #expect(rows == 0, "the float rates are dropped")
        let answers = try database.connection.fetchOne("SELECT COUNT(*) AS n FROM provider_answer") { $0.integer("n") }
        #expect(answers == 1, "the stored answers stay")
        let type = try database.connection.fetchOne(
            "SELECT type FROM pragma_table_info('exchange_rate') WHERE name = 'rate'"
        ) { $0.text("type") }
        #expect(type == "TEXT")
    }

    @Test("Mainnet and testnet answers in one file never mix")
    func networksApart() throws {
        let mainnet = SQLiteOfferCache(database: try StateDatabase(path: path, network: .mainnet))
        let testnet = SQLiteOfferCache(database: try StateDatabase(path: path, network: .testnet))
        try mainnet.save(answer("a", discount: 100, at: 1_000))
        #expect(try testnet.load(.ctx, sourceId: "a") == nil)
    }

    @Test("A file written by a newer version is refused, never moved nor rewritten")
    func newerFile() throws {
        try SQLiteOfferCache(path: path).save(answer("a", discount: 100, at: 1_000))
        try SQLiteConnection(path: path, mode: .readWrite).execute(
            "INSERT INTO dashspend_migrations (name, applied_at) VALUES (?1, 'later')", ["9-from-the-future"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = try #require(throws: SQLiteError.self) { try StateDatabase(path: path, network: .mainnet, now: now) }
        #expect(error.isNewerSchema)
        #expect(error.unknownMigrations == ["9-from-the-future"])
        #expect(try asideFiles().isEmpty, "never moved")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "never rewritten")
        // The newer version still finds its answers.
        let kept = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try kept.fetchOne("SELECT COUNT(*) AS n FROM provider_answer") { $0.integer("n") } == 1)
    }

    @Test("A file that is not SQLite is set aside with its bytes intact; a second one gets its own name")
    func notSQLite() throws {
        let junk = Data("this is not a database, it is a note someone saved here by mistake\n".utf8)
        try junk.write(to: URL(fileURLWithPath: path))
        let first = try StateDatabase(path: path, network: .mainnet, now: now)
        #expect(first.recovery != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".damaged-20261118T110640Z")) == junk)
        try SQLiteOfferCache(database: first).save(answer("a", discount: 100, at: 1_000))

        try junk.write(to: URL(fileURLWithPath: path))
        let second = try StateDatabase(path: path, network: .mainnet, now: now)
        #expect(second.recovery?.movedTo == path + ".damaged-20261118T110640Z-2")
        #expect(try asideFiles().count == 2)
    }

    /// Writes 200 answers of 400 bytes into the file, spreading it over some 25 pages.
    func fillWithAnswers() throws {
        let writer = try SQLiteConnection(path: path, mode: .readWrite)
        try writer.transaction { db in
            for index in 0..<200 {
                try db.execute(
                    "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', ?1, 0, ?2)",
                    [.text("m\(index)"), .text(String(repeating: "x", count: 400))])
            }
        }
    }

    @Test("A file with damaged pages is set aside")
    func damagedPages() throws {
        _ = try StateDatabase(path: path, network: .mainnet)
        try fillWithAnswers()
        // Overwrite the middle of the file (past the header page) with garbage.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()

        let database = try StateDatabase(path: path, network: .mainnet, now: now)
        #expect(database.recovery != nil)
        #expect(try SQLiteOfferCache(database: database).load(.ctx, sourceId: "m1") == nil)
        #expect(try asideFiles() == ["state.db.damaged-20261118T110640Z"])
    }

    @Test("A file version that passed its page check is not read whole again; a changed file is checked")
    func checkedVersionsAreRemembered() throws {
        let stamp = DatabaseIntegrityStamp(stateDirectory: scratch.path)
        _ = try StateDatabase(path: path, network: .mainnet, checkedVersions: stamp)
        try fillWithAnswers()
        // This version passes and is recorded.
        #expect(try StateDatabase(path: path, network: .mainnet, now: now, checkedVersions: stamp).recovery == nil)

        // Damage pages the open does not read, then give the file back its size and modification time: to the
        // stamp it is the version that passed, so the open does not read it whole (and finds nothing wrong).
        var before = stat()
        #expect(stat(path, &before) == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 8192))
        try handle.close()
        func setModificationTime(_ time: timespec) {
            let times = [before.st_atim, time]
            #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
        }
        setModificationTime(before.st_mtim)
        #expect(try StateDatabase(path: path, network: .mainnet, now: now, checkedVersions: stamp).recovery == nil)
        #expect(try asideFiles().isEmpty)

        // A new modification time is a new version: checked, found damaged, set aside.
        setModificationTime(timespec(tv_sec: before.st_mtim.tv_sec + 1, tv_nsec: 0))
        let reopened = try StateDatabase(path: path, network: .mainnet, now: now, checkedVersions: stamp)
        #expect(reopened.recovery != nil)
        #expect(try asideFiles() == ["state.db.damaged-20261118T110640Z"])
    }

    @Test("Opens that find the file damaged at the same time: one sets it aside, all use the one fresh file")
    func concurrentRecoveries() throws {
        let junk = Data(repeating: 0x5A, count: 4096)
        for round in 0..<12 {
            try? FileManager.default.removeItem(atPath: path)
            try junk.write(to: URL(fileURLWithPath: path))
            let before = try asideFiles().count
            let opens = 6
            let results = Locked<[Result<StateDatabase, SQLiteError>]>([])
            DispatchQueue.concurrentPerform(iterations: opens) { _ in
                let result = Result { () throws(SQLiteError) in try StateDatabase(path: path, network: .mainnet, now: now) }
                results.withLock { $0.append(result) }
            }
            let databases = try results.withLock { $0 }.map { try $0.get() }
            #expect(databases.count == opens)
            #expect(databases.filter { $0.recovery != nil }.count == 1, "round \(round): one of them set it aside")
            #expect(try asideFiles().count == before + 1, "round \(round): only the damaged file was moved")
            // They all opened the same fresh file: what one writes, another reads.
            try SQLiteOfferCache(database: databases[0]).save(answer("r\(round)", discount: 100, at: 1_000))
            for database in databases {
                #expect(try SQLiteOfferCache(database: database).load(.ctx, sourceId: "r\(round)") != nil, "round \(round)")
            }
        }
        var info = stat()
        #expect(stat(path + ".lock", &info) == 0 && info.st_mode & 0o777 == 0o600, "the lock file is private")
    }

    @Test("A FIFO in the file's place is refused, not moved")
    func fifoRefused() throws {
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: SQLiteError.self) { try StateDatabase(path: path, network: .mainnet) }
        #expect(error.description.contains("not a regular file"), "\(error)")
        #expect(try asideFiles().isEmpty)
    }
}
