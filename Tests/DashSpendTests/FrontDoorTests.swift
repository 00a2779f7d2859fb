import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// The front door as an app uses it, without the network: a client built from one configuration over the
/// embedded sample or a real SQLite file, resolving merchants by id and by name, answering the database
/// questions, and saying precisely why it cannot when the database is missing or unusable.
@Suite("The front door answers from the explore database")
struct FrontDoorTests {
    let state: ScratchDirectory

    init() throws {
        state = try ScratchDirectory(prefix: "front-door")
    }

    /// An offline client (nothing here may talk to a provider) over `database`.
    func client(_ database: ExploreDatabaseLocation = .installed(fallback: ClientFixture.sample)) throws
        -> DashSpendClient
    {
        try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: state.path, database: database, offline: true))
    }

    @Test("A merchant is found by its id and by its exact name, in any case")
    func byIdAndByName() async throws {
        let client = try client()
        let byId = try await client.merchant(ClientFixture.homeDepot)
        #expect(byId.merchant.merchantId == ClientFixture.homeDepot)
        #expect(byId.merchant.name == "Home Depot")
        #expect(byId.offers.contains { $0.provider == .ctx && $0.discountBasisPoints.value == 300 })

        for name in ["Home Depot", "home depot", "HOME DEPOT"] {
            let byName = try await client.merchant(name)
            #expect(byName.merchant.merchantId == ClientFixture.homeDepot, "\(name)")
        }
        #expect(try client.identify("Satoshi Coffee House").merchant.merchantId == "9001")
    }

    @Test("A name several merchants share fails as ambiguous and lists every one of them", arguments: [2, 3, 25, 150])
    func ambiguousName(sharing count: Int) async throws {
        let rows = (1...count).map {
            "(\($0), 'twin-\($0)', 'Corner Store', '\($0 % 2 == 0 ? "online" : "physical")', 'dash', 1)"
        }
        let path = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active) VALUES
                \(rows.joined(separator: ",\n")),
                    (\(count + 1), 'other', 'Corner Store Two', 'online', 'dash', 1);
                """, in: state)
        let client = try client(.file(path))
        let failure = try #require(await ClientFixture.failure { try await client.merchant("corner store") })
        #expect(failure.kind == .ambiguous)
        #expect(failure.subject == "corner store")
        let expected = Set(
            (1...count).map {
                MerchantCandidate(merchantId: "twin-\($0)", name: "Corner Store", type: $0 % 2 == 0 ? .online : .physical)
            })
        #expect(Set(failure.candidates) == expected)
        #expect(failure.candidates.count == count, "each candidate once")
        #expect(failure.message.contains("\(count) merchants"), "\(failure.message)")
        // The one merchant with the other name is still found by it.
        #expect(try client.identify("Corner Store Two").merchant.merchantId == "other")
    }

    @Test("An unknown id or name fails as not found, naming what was asked for")
    func unknown() async throws {
        let client = try client()
        for asked in ["no-such-merchant", "Nowhere Emporium"] {
            let failure = try #require(await ClientFixture.failure { try await client.merchant(asked) })
            #expect(failure.kind == .notFound)
            #expect(failure.subject == asked)
            #expect(failure.message.contains(asked))
            #expect(failure.candidates.isEmpty)
        }
    }

    @Test("Search, territories, ATMs and database info answer from the sample")
    func databaseQuestions() throws {
        let client = try client()
        let page = try client.search(MerchantSearch(text: "Home"))
        #expect(page.merchants.contains { $0.merchantId == ClientFixture.homeDepot })
        #expect(!page.merchants.contains { $0.merchantId == "9001" })

        let territories = try client.territories().map(\.name)
        #expect(territories.contains("Georgia"))
        #expect(territories.contains("Texas"))

        let info = try client.databaseInfo()
        #expect(info.origin == "embedded sample")
        #expect(info.merchantIds > 0 && info.atms > 0)
        let atms = try client.atms(ATMSearch(limit: 1000))
        #expect(atms.count == info.atms, "every ATM of the file, nothing else")

        let locations = try client.locations(merchantId: ClientFixture.homeDepot)
        #expect(Set(locations.compactMap(\.city)) == ["Atlanta", "Chicago", "Austin"])
    }

    @Test("With nothing installed and no fallback, every database question fails: sync first or pass a file")
    func nothingInstalled() async throws {
        let client = try client(.installed(fallback: nil))
        let installed = client.configuration.installedDatabasePath
        let failures = [
            await ClientFixture.failure { try client.databaseInfo() },
            await ClientFixture.failure { try client.search(MerchantSearch(text: "Home")) },
            await ClientFixture.failure { try await client.merchant(ClientFixture.homeDepot) },
        ]
        for failure in failures {
            let failure = try #require(failure)
            #expect(failure.kind == .missingInput)
            #expect(failure.cause == .notSynced)
            #expect(failure.subject == installed)
            #expect(failure.message.contains(installed))
            #expect(failure.message.hasSuffix("sync first or pass a file"), "\(failure.message)")
        }
    }

    @Test("An installed database that cannot be read fails naming the path, never the fallback")
    func unreadableInstalled() async throws {
        let installed = "\(state.path)/mainnet/explore.db"
        try FileManager.default.createDirectory(atPath: "\(state.path)/mainnet", withIntermediateDirectories: true)

        // Not SQLite at all.
        try Data("this is not a database".utf8).write(to: URL(fileURLWithPath: installed))
        var failure = try #require(await ClientFixture.failure { try client().databaseInfo() })
        #expect(failure.kind == .badData)
        #expect(failure.subject == installed)
        #expect(failure.message.contains(installed), "\(failure.message)")

        // A folder where the file should be (root reads any file, so permissions cannot make one unreadable).
        try FileManager.default.removeItem(atPath: installed)
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: false)
        failure = try #require(await ClientFixture.failure { try client().databaseInfo() })
        #expect(failure.kind == .missingInput, "a folder is no database file (issue 27)")
        #expect(failure.message == "\(installed) is a directory, not an explore database file", "\(failure.message)")

        // A file where the network's folder should be: looking fails with ENOTDIR, not "nothing installed", and
        // it is the state directory that cannot be used (nothing can ever be created there), as for every write.
        try FileManager.default.removeItem(atPath: "\(state.path)/mainnet")
        try Data("a file".utf8).write(to: URL(fileURLWithPath: "\(state.path)/mainnet"))
        failure = try #require(await ClientFixture.failure { try client().databaseInfo() })
        #expect(failure.kind == .cannotWrite && failure.cause == .stateDirectory)
        #expect(failure.subject == state.path)
        #expect(failure.message.contains("\(state.path)/mainnet is not a folder"), "\(failure.message)")
    }

    @Test("A database file replaced on disk is opened again; an unchanged one is kept open")
    func replacedFileIsReopened() async throws {
        let path = state.file("explore.db")
        let first = try FixtureDatabase.make(
            version: 4,
            rows:
                "INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active) VALUES (1, 'm-old', 'Old Shop', 'online', 'dash', 1);",
            named: "first.db", in: state)
        try FileManager.default.moveItem(atPath: first, toPath: path)
        let client = try client(.file(path))

        let opened = try client.database()
        #expect(try client.identify("Old Shop").merchant.merchantId == "m-old")
        #expect(try client.database() === opened, "an unchanged file is not opened again")
        #expect(try client.service() === client.service(), "nor is its service made again")
        let service = try client.service()

        // What sync does: a new file renamed over the old one.
        let second = try FixtureDatabase.make(
            version: 4,
            rows:
                "INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active) VALUES (1, 'm-new', 'New Shop', 'online', 'dash', 1);",
            named: "second.db", in: state)
        #expect(rename(second, path) == 0)

        let reopened = try client.database()
        #expect(reopened !== opened, "the replaced file is opened again")
        #expect(try client.identify("New Shop").merchant.merchantId == "m-new")
        #expect(throws: DashSpendFailure.self) { try client.identify("Old Shop") }
        #expect(try client.service() !== service, "the service reads the new file")
        #expect(try client.database() === reopened)
    }

    @Test("A database synced through the client replaces the fallback for the next question")
    func syncedDatabaseIsUsed() async throws {
        let client = try client()
        #expect(try client.databaseInfo().origin == "embedded sample")
        #expect(try client.identify("Home Depot").merchant.merchantId == ClientFixture.homeDepot)

        let source = try SyncFixture.database(named: "download.db", merchant: "Synced Shop", in: state)
        let report = try await client.sync(.file(source))
        #expect(report.updated)
        #expect(report.path == client.configuration.installedDatabasePath)

        #expect(try client.databaseInfo().origin == client.configuration.installedDatabasePath)
        #expect(try client.identify("Synced Shop").merchant.merchantId == "sync-1")
        let gone = try #require(await ClientFixture.failure { try client.identify("Home Depot") })
        #expect(gone.kind == .notFound, "the sample is no longer read")
        // A second sync of a file of the same size: the new file is read, not the one opened before.
        let next = try SyncFixture.database(named: "download-2.db", merchant: "Synced Shoq", in: state)
        #expect(try await client.sync(.file(next)).updated)
        #expect(try client.identify("Synced Shoq").merchant.name == "Synced Shoq")
    }
}
