import DashSpend
import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// The side index of folded names (issue 30): built in the state directory once per version of the explore
/// file, on the first lookup by name; rebuilt when a sync replaces the file; never needed (a state directory
/// it cannot be written to answers the same, folding row by row); and answering exactly what the row-by-row
/// fold answers.
@Suite("The side index of names: folded once per explore file, rebuilt after a sync, optional", hangGuard(minutes: 5))
struct NameIndexTests {
    let state: ScratchDirectory
    let sources: ScratchDirectory

    init() throws {
        state = try ScratchDirectory()
        sources = try ScratchDirectory()
    }

    var indexPath: String { state.path + "/explore-names.db" }

    func client(_ database: ExploreDatabaseLocation = .installed(fallback: nil)) throws -> DashSpendClient {
        try DashSpendClient(configuration: DashSpendConfiguration(stateDirectory: state.path, database: database, offline: true))
    }

    @Test("Built on the first lookup by name, used by show and its did-you-mean, rebuilt when a sync replaces the file")
    func rebuiltAfterSync() async throws {
        let client = try client()
        _ = try await client.sync(.file(SyncFixture.database(named: "first.db", merchant: "Café Harbor", in: sources)))
        #expect(try client.search(MerchantSearch(territory: "Texas")).merchants.map(\.name) == ["Café Harbor"])
        #expect(!FileManager.default.fileExists(atPath: indexPath), "a search without text does not build it")

        #expect(try client.identify("cafe HARBOR").merchant.name == "Café Harbor")
        #expect(try client.database().usesNameIndex)
        #expect(try client.identify("sync-1").merchant.name == "Café Harbor", "by id through the index")
        let firstKey = try #require(ExploreNameIndex.key(at: indexPath))
        let miss = try #require(await ClientFixture.failure { try client.identify("Cafe Harbr") })
        #expect(miss.kind == .notFound && miss.candidates.map(\.name) == ["Café Harbor"])
        #expect(try client.search(MerchantSearch(text: "harbor")).merchants.map(\.name) == ["Café Harbor"])
        #expect(try client.search(MerchantSearch(text: "cafe")).merchants.map(\.name) == ["Café Harbor"])

        // The sync renames a new file over the old one: its names are indexed anew, the old ones gone.
        _ = try await client.sync(.file(SyncFixture.database(named: "second.db", merchant: "Crème Brûlée", in: sources)))
        #expect(try client.identify("CREME brulee").merchant.name == "Crème Brûlée")
        #expect(try client.database().usesNameIndex)
        let secondKey = try #require(ExploreNameIndex.key(at: indexPath))
        #expect(secondKey != firstKey)
        let gone = try #require(await ClientFixture.failure { try client.identify("Café Harbor") })
        #expect(gone.kind == .notFound)
        let suggested = try #require(await ClientFixture.failure { try client.identify("creme brule") })
        #expect(suggested.candidates.map(\.name) == ["Crème Brûlée"])
        #expect(try client.search(MerchantSearch(text: "creme")).merchants.map(\.name) == ["Crème Brûlée"])

        // Another client (another command) uses the index of this version as it is: not built again.
        let before = try FileManager.default.attributesOfItem(atPath: indexPath)[.systemFileNumber] as? Int
        let next = try self.client()
        #expect(try next.identify("crème brûlée").merchant.name == "Crème Brûlée")
        #expect(try next.database().usesNameIndex)
        #expect(try FileManager.default.attributesOfItem(atPath: indexPath)[.systemFileNumber] as? Int == before)
    }

    @Test("A lookup by id uses it on the wallets' file (no merchantId index), not on the installed copy (indexed)")
    func idLookupsUseItOnlyWithoutIndexes() async throws {
        let shipped = try SyncFixture.database(named: "shipped.db", merchant: "Café Harbor", in: sources)
        let wallets = try client(.file(shipped))
        #expect(try !wallets.database().schema.hasMerchantIdIndexes)
        #expect(try wallets.identify("sync-1").merchant.name == "Café Harbor")
        #expect(FileManager.default.fileExists(atPath: indexPath), "by id on the wallets' file: the index finds the row")
        #expect(try wallets.database().usesNameIndex)
        try FileManager.default.removeItem(atPath: indexPath)

        let installed = try client()
        _ = try await installed.sync(.file(shipped))
        #expect(try installed.database().schema.hasMerchantIdIndexes)
        #expect(try installed.identify("sync-1").merchant.name == "Café Harbor")
        #expect(!FileManager.default.fileExists(atPath: indexPath), "by id on the indexed copy: a seek, no side index")
        #expect(try installed.identify("cafe harbor").merchant.name == "Café Harbor")
        #expect(FileManager.default.fileExists(atPath: indexPath), "by name: built then")
    }

    @Test("A state directory it cannot be written to answers the same without it (others can write there)")
    func unwritableStateDirectory() async throws {
        let file = try SyncFixture.database(named: "explore.db", merchant: "Café Harbor", in: sources)
        #expect(chmod(state.path, 0o777) == 0)
        let client = try client(.file(file))
        #expect(try client.identify("cafe harbor").merchant.name == "Café Harbor")
        let miss = try #require(await ClientFixture.failure { try client.identify("Cafe Harbr") })
        #expect(miss.candidates.map(\.name) == ["Café Harbor"])
        #expect(try client.search(MerchantSearch(text: "cafe")).merchants.map(\.name) == ["Café Harbor"])
        #expect(try !client.database().usesNameIndex)
        #expect(!FileManager.default.fileExists(atPath: indexPath))
    }

    @Test("A state path through a regular file: no index can be made, the answers are the same")
    func stateDirectoryThroughFile() async throws {
        let file = try SyncFixture.database(named: "explore.db", merchant: "Café Harbor", in: sources)
        let blocker = state.file("blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let client = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: blocker + "/state", database: .file(file), offline: true))
        #expect(try client.identify("CAFÉ HARBOR").merchant.name == "Café Harbor")
        #expect(try !client.database().usesNameIndex)
    }

    @Test("A build whose process was killed leaves a staging file: the next build removes it, not a running process's")
    func abandonedBuildsRemoved() async throws {
        let file = try SyncFixture.database(named: "explore.db", merchant: "Café Harbor", in: sources)
        let finished = try ChildProcess("/bin/sh", ["-c", "exit 0"])
        _ = finished.wait()
        let running = try ChildProcess("/bin/sh", ["-c", "sleep 60"])
        defer {
            running.send(SIGKILL)
            _ = running.wait()
        }
        let abandoned = [indexPath + ".building-\(finished.pid)", indexPath + ".building-\(finished.pid)-journal"]
        let alive = indexPath + ".building-\(running.pid)"
        let unrelated = indexPath + ".building-notes"
        for path in abandoned + [alive, unrelated] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 4096)))
        }

        let client = try client(.file(file))
        #expect(try client.identify("cafe harbor").merchant.name == "Café Harbor")
        #expect(try client.database().usesNameIndex)
        for path in abandoned { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: alive), "a running process may still be building it")
        #expect(FileManager.default.fileExists(atPath: unrelated), "not a build's name")
        #expect(!FileManager.default.fileExists(atPath: indexPath + ".building-\(getpid())"), "its own staging file renamed")
    }

    @Test("With and without the index, the sample answers the same: searches, exact names, suggestions")
    func sameAnswers() throws {
        let path = sources.file("sample.db")
        try ClientFixture.sample.bytes.write(to: URL(fileURLWithPath: path))
        let plain = try ExploreDatabase(path: path)
        let indexed = try ExploreDatabase(path: path)
        let index = sources.file("names.db")
        try ExploreNameIndex.build(explorePath: path, into: index, key: "k")
        #expect(indexed.attachNameIndex(index, key: "k"))
        #expect(!plain.usesNameIndex && indexed.usesNameIndex)
        #expect(try !ExploreDatabase(path: path).attachNameIndex(index, key: "another version"))

        let texts = [
            "home", "HOME depot", "cafe", "café rio", "CAFE RIO", "rio", "starbuks", "macys", "depot home", "zzqx",
            "a", "barnes & noble",
        ]
        for text in texts {
            let search = MerchantSearch(text: text, limit: 100)
            #expect(try indexed.search(search).merchants == plain.search(search).merchants, "\(text)")
            #expect(try indexed.closestMerchants(to: text) == plain.closestMerchants(to: text), "\(text)")
        }
        for name in try plain.namedMerchants().map(\.name) + ["cafe rio", "HOME DEPOT", "no such name"] {
            let exact = MerchantSearch(exactName: name, limit: 100, includeURLRedeem: true)
            #expect(try indexed.search(exact).merchants == plain.search(exact).merchants, "\(name)")
            #expect(try indexed.merchantIds(namedEvenIfHidden: name) == plain.merchantIds(namedEvenIfHidden: name))
        }
        #expect(Set(try indexed.namedMerchants()) == Set(try plain.namedMerchants()))
        #expect(try indexed.search(MerchantSearch(text: "cafe")).merchants.map(\.name).contains("Café Rio"))
    }

    @Test("With and without the index, merchants read by id, by name and by page have the same rows and offers")
    func sameMerchants() throws {
        let path = sources.file("sample.db")
        try ClientFixture.sample.bytes.write(to: URL(fileURLWithPath: path))
        let index = sources.file("names.db")
        try ExploreNameIndex.build(explorePath: path, into: index, key: "k")
        // Every merchantId of the file, those lists hide included (sold only through a provider left out).
        let everyId = try SQLiteConnection(path: path, mode: .immutable).fetchAll(
            "SELECT DISTINCT merchantId FROM merchant WHERE merchantId IS NOT NULL"
        ) { $0.text("merchantId") ?? "" }
        #expect(everyId.count > 10)
        // Both sets of providers (the same in a build without PiggyCards).
        for providers in [GiftCardProvider.allCases, [.ctx]] {
            let plain = try ExploreDatabase(path: path, providers: providers)
            let indexed = try ExploreDatabase(path: path, providers: providers)
            #expect(indexed.attachNameIndex(index, key: "k"))
            let ids = try plain.search(MerchantSearch(limit: 1_000, includeURLRedeem: true)).merchants.map(\.merchantId)
            #expect(ids.count > 10)
            if providers == [.ctx] {
                #expect(ids.count < everyId.count, "the sample has merchants sold only through PiggyCards")
            }
            for id in everyId + ["no-such-id", ""] {
                #expect(try indexed.merchant(id: id) == plain.merchant(id: id), "\(id)")
            }
            #expect(try indexed.merchants(ids: everyId + ["no-such-id"]) == plain.merchants(ids: everyId + ["no-such-id"]))
            for search in [
                MerchantSearch(limit: 1_000), MerchantSearch(limit: 1_000, includeURLRedeem: true),
                MerchantSearch(text: "a", limit: 1_000), MerchantSearch(text: "a", limit: 1_000, includeURLRedeem: true),
                MerchantSearch(text: "e", provider: .ctx, limit: 1_000), MerchantSearch(text: "o", sort: .discount),
                MerchantSearch(text: "o", limit: 3, offset: 2), MerchantSearch(text: "o", limit: 5, offset: 10_000),
            ] {
                let page = try plain.search(search)
                #expect(try indexed.search(search) == page, "\(search)")
                let rowids = page.merchants.flatMap(\.rowids)
                let merchantIds = page.merchants.map(\.merchantId)
                #expect(
                    try indexed.merchants(rowids: rowids, merchantIds: merchantIds)
                        == plain.merchants(rowids: rowids, merchantIds: merchantIds))
            }
            for name in try plain.namedMerchants().map(\.name) + ["cafe rio", "no such name"] {
                #expect(try indexed.merchants(named: name) == plain.merchants(named: name), "\(name)")
            }
            #expect(try indexed.namedMerchants() == plain.namedMerchants())
            for name in ["starbuks", "cafe ri", "home depto", "zzqx"] {
                #expect(try indexed.closestMerchants(to: name) == plain.closestMerchants(to: name), "\(name)")
            }
        }
    }
}
