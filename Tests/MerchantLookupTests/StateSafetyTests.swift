import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Hostile or broken state: the wrong database is never used silently, special
/// files never hang a command, shared folders are refused, a damaged install is replaced, a full disk is
/// "cannot write".
@Suite("State folder safety", hangGuard(minutes: 5))
struct StateSafetyTests {
    let scratch: ScratchDirectory
    let home: String

    init() throws {
        scratch = try ScratchDirectory(prefix: "cli-state")
        home = scratch.file("home")
    }

    /// Every run here is bounded: a command that hangs is stopped after this many seconds and fails (a hang
    /// guard, far above what any run needs, loaded machine included).
    static let timeout = 120.0

    func zip(_ merchant: String, timestamp: Int64, named name: String) throws -> String {
        let database = try SyncFixture.database(named: name + ".db", merchant: merchant, in: scratch)
        try ExploreArchiveWriter(timestamp: timestamp).write(databaseAt: database, to: scratch.file(name))
        return scratch.file(name)
    }

    func run(
        _ arguments: [String], home: String? = nil, unprivileged: Bool = false, as mode: CLIProcess.Mode = .inProcess
    ) async throws -> CLIProcess.Result {
        try await CLIProcess.run(
            arguments, home: home ?? self.home, unprivileged: unprivileged, timeout: Self.timeout, as: mode)
    }

    // MARK: - Answering from the wrong data

    @Test("Nothing synced falls back to the sample; a state path that cannot be looked through is an error")
    func noSilentSampleFallBack() async throws {
        let sample = try await run(["search", "home", "--offline"])
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stdout.contains("Home Depot"))

        // The state directory is a file: `<home>/mainnet/explore.db` fails with ENOTDIR, not ENOENT; nothing can
        // ever be created there (73).
        try SyncFixture.write(Array("not a folder".utf8), to: home)
        let homeIsFile = try await run(["search", "home", "--offline"])
        #expect(homeIsFile.status == 73, "\(homeIsFile.status) \(homeIsFile.stdout) \(homeIsFile.stderr)")
        #expect(homeIsFile.stdout.isEmpty)
        #expect(homeIsFile.stderr.contains("the state directory \(home) is not a folder"), "\(homeIsFile.stderr)")
        try FileManager.default.removeItem(atPath: home)

        // The network's folder is a file.
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try SyncFixture.write(Array("not a folder".utf8), to: home + "/mainnet")
        let folderIsFile = try await run(["db", "info", "--offline"])
        #expect(folderIsFile.status == 73, "\(folderIsFile.status) \(folderIsFile.stdout) \(folderIsFile.stderr)")
        #expect(folderIsFile.stderr.contains(home + "/mainnet is not a folder"), "\(folderIsFile.stderr)")
        #expect(!folderIsFile.stdout.contains("embedded sample"))
    }

    @Test(
        "A state folder the user cannot read is an error, not the sample",
        .enabled(if: UnprivilegedUser.available, "running as root without setpriv or runuser to drop privileges"))
    func unreadableStateFolder() async throws {
        try UnprivilegedUser.makeFolder(home)
        try UnprivilegedUser.makeFolder(home + "/mainnet", mode: 0o000)
        let result = try await run(["search", "home", "--offline"], unprivileged: true)
        #expect(result.status == 65, "\(result.status) \(result.stdout) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(home + "/mainnet/explore.db"), "\(result.stderr)")
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
    }

    @Test(
        "A credentials file the user cannot read exits 65 (run as an unprivileged user, also in CI as root)",
        .enabled(if: UnprivilegedUser.available, "running as root without setpriv or runuser to drop privileges"))
    func unreadableCredentials() async throws {
        let store = FileCredentialStore(root: home)
        try store.save(ProviderCredentials(email: "a@example.com", accessToken: "tok"), for: .ctx, network: .mainnet)
        try UnprivilegedUser.hand(home, mode: 0o700)
        try UnprivilegedUser.hand(home + "/mainnet", mode: 0o700)
        let file = store.path(for: .ctx, network: .mainnet)
        try UnprivilegedUser.hand(file, mode: 0o000)
        let result = try await run(["auth", "status"], unprivileged: true)
        #expect(result.status == 65, "\(result.status) \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(file), "\(result.stderr)")
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
        #expect(!result.stderr.contains("tok"))
    }

    @Test("sync replaces an installed database that no longer opens, even from the same archive")
    func damagedInstallIsReplaced() async throws {
        let archive = try zip("Synced Bakery", timestamp: 1000, named: "first.zip")
        #expect(try await run(["sync", "--from", archive]).status == 0)
        let path = home + "/mainnet/explore.db"
        let whole = SyncFixture.bytes(path)

        for (name, damaged) in [("truncated", Array(whole.prefix(whole.count / 2))), ("zeroed", zeroedPages(whole))] {
            try SyncFixture.write(damaged, to: path)
            let info = try await run(["db", "info"])
            #expect(info.status == 65, "\(name): db info accepted it")
            #expect(info.stderr.components(separatedBy: "copy it again").count == 2, "said once: \(info.stderr)")
            let again = try await run(["sync", "--from", archive, "--json"])
            #expect(again.status == 0, "\(name): \(again.stderr)")
            #expect(try again.json()["status"] as? String == "imported", "\(name): \(again.stdout)")
            let search = try await run(["search", "Bakery", "--offline"])
            #expect(search.status == 0, "\(name): \(search.stderr)")
            #expect(search.stdout.contains("Synced Bakery"), "\(name)")
        }
        let current = try await run(["sync", "--from", archive, "--json"])
        #expect(try current.json()["status"] as? String == "upToDate", "a sound install is still current")
    }

    /// `bytes` with every page after the first overwritten: the header still says SQLite, the rest is damage.
    func zeroedPages(_ bytes: [UInt8]) -> [UInt8] {
        var damaged = bytes
        for index in 4096..<damaged.count { damaged[index] = 0xA5 }
        return damaged
    }

    // MARK: - Leftovers and other people's folders

    @Test("sync removes every staging file a killed sync left, however young")
    func leftoversRemoved() async throws {
        let folder = home + "/mainnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(home, 0o700) == 0 && chmod(folder, 0o700) == 0)
        let leftovers = [
            "explore.db.staging-AAAAAA", "explore.db.staging-BBBBBB-journal", "explore.db.meta.json.staging-CCCCCC",
        ]
        for name in leftovers { try SyncFixture.write(Array(repeating: 7, count: 4096), to: folder + "/" + name) }
        let archive = try zip("Fresh Bakery", timestamp: 1000, named: "fresh.zip")
        let result = try await run(["sync", "--from", archive])
        #expect(result.status == 0, "\(result.stderr)")
        let remaining = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(remaining == [".sync.lock", "explore.db", "explore.db.meta.json"])
    }

    @Test("A state directory others can write (like /tmp) is refused by sync and left as it was")
    func sharedHomeRefused() async throws {
        let shared = scratch.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        let archive = try zip("Shared Bakery", timestamp: 1000, named: "shared.zip")
        let result = try await run(["sync", "--from", archive], home: shared)
        #expect(result.status == 73, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("the state directory \(shared) is not safe"), "\(result.stderr)")
        #expect(result.stderr.contains("group or others can write"), "\(result.stderr)")
        var info = stat()
        #expect(stat(shared, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o1777, "the shared folder's mode was changed")
        #expect(!FileManager.default.fileExists(atPath: shared + "/mainnet/explore.db"))
    }

    @Test("A FIFO where a state file or --db is expected fails at once with a clear error")
    func fifos() async throws {
        // As processes: an open that blocked on a FIFO would hang the test process itself, not one to kill.
        let folder = home + "/mainnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(home, 0o700) == 0 && chmod(folder, 0o700) == 0)

        let db = scratch.file("pipe.db")
        #expect(mkfifo(db, 0o600) == 0)
        let given = try await run(["search", "home", "--db", db], as: .process)
        #expect(given.status == 65, "--db FIFO: \(given.status) \(given.stderr)")
        #expect(given.stderr.contains("not a regular file"), "\(given.stderr)")

        #expect(mkfifo(folder + "/explore.db", 0o600) == 0)
        let synced = try await run(["search", "home", "--offline"], as: .process)
        #expect(synced.status == 65, "synced FIFO: \(synced.status) \(synced.stderr)")
        #expect(synced.stderr.contains(folder + "/explore.db"), "\(synced.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/explore.db")

        #expect(mkfifo(folder + "/ctxspend.json", 0o600) == 0)
        let credentials = try await run(["auth", "status"], as: .process)
        #expect(credentials.status == 65, "credentials FIFO: \(credentials.status) \(credentials.stderr)")
        #expect(credentials.stderr.contains("not a regular file"), "\(credentials.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/ctxspend.json")

        #expect(mkfifo(folder + "/state.db", 0o600) == 0)
        let cache = try await run(["show", SampleLookupTests.homeDepot, "--offline"], as: .process)
        #expect(cache.status == 65, "state database FIFO: \(cache.status) \(cache.stderr)")
        #expect(cache.stderr.contains(folder + "/state.db"), "\(cache.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/state.db")

        // The stamp of checked databases and the sync metadata are best effort: a FIFO there is ignored.
        let archive = try zip("Piped Bakery", timestamp: 1000, named: "piped.zip")
        #expect(try await run(["sync", "--from", archive], as: .process).status == 0)
        #expect(mkfifo(home + "/checked-databases", 0o600) == 0)
        let stamped = try await run(["search", "Bakery", "--offline"], as: .process)
        #expect(stamped.status == 0, "stamp FIFO: \(stamped.status) \(stamped.stderr)")
        #expect(stamped.stdout.contains("Piped Bakery"))
        try FileManager.default.removeItem(atPath: folder + "/explore.db.meta.json")
        #expect(mkfifo(folder + "/explore.db.meta.json", 0o600) == 0)
        let resync = try await run(["sync", "--from", archive], as: .process)
        #expect(resync.status != 128 + SIGKILL, "metadata FIFO: the sync hung: \(resync.stderr)")
    }

    @Test("The state database is created 0600 by the CLI, whatever the umask")
    func offerStoreMode() async throws {
        let result = try await run(["show", SampleLookupTests.homeDepot, "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(home + "/mainnet/state.db", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
    }

    // MARK: - Full disks and free space (a real tmpfs, when this may mount one)

    @Test(
        "A 100 KB import needs megabytes free, not 64 MiB",
        .enabled(if: TinyFileSystem.available, "needs root with permission to mount a tmpfs"))
    func marginScalesWithTheFile() async throws {
        let disk = try #require(try TinyFileSystem(at: scratch.file("small"), megabytes: 8))
        defer { disk.unmount() }
        let archive = try zip("Small Bakery", timestamp: 1000, named: "small.zip")
        let result = try await run(["sync", "--from", archive], home: disk.path + "/home")
        #expect(result.status == 0, "\(result.status) \(result.stderr)")
        #expect(SyncFixture.bytes(disk.path + "/home/mainnet/explore.db").count < 1 << 20)
    }

    @Test(
        "Disk full while the indexes are built exits 73 (cannot write) and keeps the database in place",
        .enabled(if: TinyFileSystem.available, "needs root with permission to mount a tmpfs"))
    func diskFullWhileIndexing() async throws {
        // 40,000 merchants with 250-character ids: about 12 MB of data, and an index on merchantId as large.
        let source = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO atm (id, name, manufacturer, active, latitude, longitude, territory, city)
                VALUES (1, 'Wide ATM', 'General Bytes', 1, 30.27, -97.74, 'Texas', 'Austin');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId)
                SELECT i, printf('%0250d', i), 'Wide Bakery ' || i, 'online', 'dash', 1, 'DCG', i FROM n;
                """, named: "wide.db", in: scratch)
        let size = SyncFixture.bytes(source).count
        // Room for the copy and the minimum margin, not for the index.
        let disk = try #require(try TinyFileSystem(at: scratch.file("tight"), megabytes: size / (1 << 20) + 6))
        defer { disk.unmount() }
        let result = try await run(["sync", "--from", source], home: disk.path + "/home")
        #expect(result.status == 73, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("full"), "\(result.stderr)")
        #expect(!result.stderr.contains("bytes free"), "refused by the free-space check, not by the full disk")
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path + "/home/mainnet").sorted()
        #expect(left == [".sync.lock"], "staging files left on the full disk")
    }
}

/// A tmpfs of a few megabytes mounted on a scratch folder, for full-disk tests (needs root and mount
/// permission; CI's container may not have it, which the tests' condition reports).
struct TinyFileSystem {
    let path: String

    /// Mounts a `megabytes` tmpfs at `path` (created); nil when mounting is not permitted.
    init?(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.command(["/bin/mount", "-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", path]) == 0 else {
            return nil
        }
        self.path = path
    }

    func unmount() { _ = Self.command(["/bin/umount", path]) }

    /// Whether a tmpfs can be mounted here (tried once).
    static let available: Bool = {
        guard geteuid() == 0, let scratch = try? ScratchDirectory(prefix: "tmpfs-probe") else { return false }
        guard let disk = try? TinyFileSystem(at: scratch.file("probe"), megabytes: 1) else { return false }
        disk.unmount()
        return true
    }()

    private static func command(_ arguments: [String]) -> Int32 {
        (try? ChildProcess.run(arguments[0], Array(arguments.dropFirst())))?.status ?? 127
    }
}
