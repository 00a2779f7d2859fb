import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Locations, ATMs, territories, counts and integrity")
struct DatabaseContentsTests {
    let directory: ScratchDirectory
    let database: ExploreDatabase

    init() throws {
        directory = try ScratchDirectory()
        database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory), providers: [.ctx])
    }

    @Test("A merchant's locations, nearest first")
    func locations() throws {
        let chicago = try #require(GeoPoint(latitude: 41.88, longitude: -87.63))
        let places = try database.locations(merchantId: "uuid-home", near: chicago)
        #expect(places.map(\.city) == ["Chicago", "Austin"])
        #expect(try #require(places.first?.distanceKm) < 1)
        #expect(try database.locations(merchantId: "uuid-home").map(\.city) == ["Austin", "Chicago"])
        #expect(try database.locations(merchantId: "uuid-uber").isEmpty, "online rows have no coordinates")
    }

    @Test("Exact-name lookup is case-insensitive and finds each merchant once")
    func exactName() throws {
        let page = try database.search(MerchantSearch(exactName: "HOME depot"))
        #expect(page.merchants.map(\.merchantId) == ["uuid-home"])
        #expect(try database.search(MerchantSearch(exactName: "Home")).merchants.isEmpty)
    }

    @Test("Territories: named ones only, with merchant counts")
    func territories() throws {
        let territories = try database.territories()
        #expect(territories.map(\.name) == ["Illinois", "Texas", "Utah"])
        #expect(territories.first { $0.name == "Texas" }?.merchantCount == 3)
    }

    @Test("ATMs by text and near a point; a v4 file without ATMs and a v1 file with one")
    func atms() throws {
        #expect(try database.atms(ATMSearch()).isEmpty)
        let v1 = try ExploreDatabase(
            path: try FixtureDatabase.make(
                version: 1, rows: ExploreFixtures.v1Rows,
                named: "v1.db", in: directory))
        #expect(try v1.atms(ATMSearch(text: "general")).map(\.location.name) == ["Downtown ATM"], "manufacturer matches")
        let denver = try #require(GeoPoint(latitude: 39.7392, longitude: -104.9903))
        let near = try v1.atms(ATMSearch(near: denver, radiusKm: 2))
        #expect(near.count == 1)
        #expect(try #require(near.first?.location.distanceKm) < 0.5)
        #expect(try v1.atms(ATMSearch(text: "nothing like this")).isEmpty)
    }

    @Test("db info counts rows, merchantIds, provider rows, skipped and ignored rows")
    func info() throws {
        let info = try database.info()
        #expect(info.version == 4)
        #expect(info.identityHash == "b571284317035b59474823f11d5bfcf5")
        #expect(info.merchantRows == 12)
        #expect(info.merchantIds == 9)
        #expect(info.providerRows == ["CTX": 6, "PiggyCards": 3])
        #expect(info.skippedMerchantRows == 1, "the row without a merchantId")
        #expect(info.ignoredProviderRows == 3, "PiggyCards rows in a CTX-only view")
        #expect(info.atms == 0)
    }

    @Test("quick_check passes on a sound file and rejects damaged pages the header check cannot see")
    func integrity() throws {
        try database.verifyIntegrity()
        let path = try FixtureDatabase.make(version: 4, rows: ExploreFixtures.v4Rows, named: "damaged.db", in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // Overwrite the cell area of the last page (a table or index b-tree page) with garbage.
        let lastPage = bytes.count / pageSize - 1
        for index in (lastPage * pageSize + 8)..<(lastPage * pageSize + pageSize) {
            bytes[index] = UInt8(truncatingIfNeeded: index &* 31)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let damaged = try ExploreDatabase(path: path)
        #expect(throws: ExploreDatabaseError.self) { try damaged.verifyIntegrity() }
    }
}
