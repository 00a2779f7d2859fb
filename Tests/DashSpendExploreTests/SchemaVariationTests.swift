import DashSpendCore
import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Files that differ from the declared schemas, odd values and odd paths")
struct SchemaVariationTests {
    let directory: ScratchDirectory

    init() throws { directory = try ScratchDirectory() }

    @Test("A path with non-ASCII characters opens (it is percent-encoded in the SQLite URI)")
    func nonASCIIPath() throws {
        let folder = directory.file("café #1 ?%")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = try ExploreFixtures.make(version: 4, in: directory)
        let path = folder + "/explore é.db"
        try FileManager.default.copyItem(atPath: source, toPath: path)
        let database = try ExploreDatabase(path: path)
        #expect(try database.search(MerchantSearch(text: "home")).merchants.count == 1)
        // Read-write too (the offer cache and sync use it): the file is created where it was asked for.
        let created = folder + "/state ü.sqlite"
        try SQLiteConnection(path: created, mode: .readWrite).execute("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: created))
    }

    @Test("gift_card_providers without some columns: offers are read with those fields missing")
    func providerTableMissingColumns() throws {
        let rows = """
            DROP TABLE gift_card_providers;
            CREATE TABLE gift_card_providers (merchantId TEXT, provider TEXT, sourceId TEXT, active INTEGER);
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, savingsPercentage)
            VALUES (1, 'm1', 'Thin Provider Row', 'online', 'gift card', 275);
            INSERT INTO gift_card_providers VALUES ('m1', 'CTX', 'ctx-m1', 1);
            """
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 4, rows: rows, named: "thin.db", in: directory), providers: [.ctx])
        guard case .found(let merchant) = try database.merchant(id: "m1") else {
            Issue.record("m1 not found")
            return
        }
        #expect(merchant.providers.map(\.sourceId) == ["ctx-m1"])
        #expect(merchant.providers.first?.savingsPercentage == nil)
        #expect(merchant.providers.first?.denominationsType == nil)
        let page = try database.search(MerchantSearch(provider: .ctx, denominations: .fixed, sort: .discount))
        #expect(page.merchants.map(\.name) == ["Thin Provider Row"])
        #expect(page.merchants.first?.discountBasisPoints == 275, "no offer discount: the merchant row's")
    }

    @Test("Tabs and newlines around values are read the same way in SQL filters and in Swift records")
    func whitespaceAgreement() throws {
        let rows = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, territory)
            VALUES (1, 'm1', 'Tabbed Dash Shop', 'physical' || char(9), 'dash' || char(9), char(10) || 'Texas');
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, territory)
            VALUES (2, 'm2', 'Spaced Provider', 'online', 'gift card', NULL);
            INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
            VALUES (1, 'm2', ' CTX ', 'barcode', 100, 1, 'fixed' || char(13), 'ctx-m2');
            """
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 4, rows: rows, named: "ws.db", in: directory), providers: [.ctx])
        let dash = try database.search(MerchantSearch(paymentMethod: .dash))
        #expect(dash.merchants.map(\.name) == ["Tabbed Dash Shop"])
        #expect(dash.merchants.first?.paymentMethod == .dash)
        #expect(try database.search(MerchantSearch(types: [.physical])).merchants.map(\.name) == ["Tabbed Dash Shop"])
        #expect(try database.search(MerchantSearch(territory: "texas")).merchants.map(\.name) == ["Tabbed Dash Shop"])
        let fixed = try database.search(MerchantSearch(provider: .ctx, denominations: .fixed))
        #expect(fixed.merchants.map(\.name) == ["Spaced Provider"], "' CTX ' is CTX in SQL as in Swift")
        #expect(fixed.merchants.first?.providers == [.ctx])
        #expect(try database.territories().map(\.name) == ["Texas"])
    }

    @Test(
        "Provider and denominations filters on v1-v3 files use the merchant row",
        arguments: [
            (3, DenominationsType.flexible, ["Alpha Store"]), (3, .fixed, ["Beta Books"]),
            (2, .flexible, ["Alpha Store"]), (2, .fixed, ["Beta Books"]),
            (1, .flexible, []), (1, .fixed, ["Echo Electronics"]),
        ])
    func olderVersionFilters(version: Int, type: DenominationsType, expected: [String]) throws {
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: version, in: directory))
        #expect(try database.search(MerchantSearch(provider: .ctx, denominations: type)).merchants.map(\.name) == expected)
        #expect(try database.search(MerchantSearch(denominations: type)).merchants.map(\.name) == expected)
    }

    @Test("v3: a NULL denominationsType with a legacy redeemType naming a type counts as that type")
    func v3LegacyFallback() throws {
        let rows = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, redeemType, denominationsType)
            VALUES (1, 'm1', 'Legacy Range', 'online', 'gift card', 'min-max', NULL);
            """
        let database = try ExploreDatabase(path: try FixtureDatabase.make(version: 3, rows: rows, named: "v3l.db", in: directory))
        guard case .found(let merchant) = try database.merchant(id: "m1") else {
            Issue.record("m1 not found")
            return
        }
        #expect(merchant.merchant.denominationsType == .flexible)
        #expect(try database.search(MerchantSearch(denominations: .flexible)).merchants.map(\.name) == ["Legacy Range"])
    }

    @Test("A radius that is not a number or infinite does not break the query")
    func oddRadius() throws {
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory), providers: [.ctx])
        let austin = try #require(GeoPoint(latitude: 30.2672, longitude: -97.7431))
        #expect(try database.search(MerchantSearch(near: austin, radiusKm: .nan)).merchants.map(\.name) == ["Home Depot"])
        #expect(try database.search(MerchantSearch(near: austin, radiusKm: .infinity)).merchants.count == 4)
        #expect(try database.search(MerchantSearch(near: austin, radiusKm: -5)).merchants.map(\.name) == ["Home Depot"])
    }

    @Test("Longitude is scaled by latitude: 25 km due east at 60°N is outside 20 km and inside 30 km")
    func longitudeScaling() throws {
        // At 60°N a degree of longitude is 111.195 km x cos 60° = 55.6 km, so 25 km is 0.4497°.
        let rows = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, latitude, longitude)
            VALUES (1, 'east', 'East Shop', 'physical', 'dash', 60.0, 10.4497);
            INSERT INTO atm (id, name, latitude, longitude) VALUES (1, 'East ATM', 60.0, 10.4497);
            """
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 4, rows: rows, named: "north.db", in: directory))
        let origin = try #require(GeoPoint(latitude: 60, longitude: 10))
        #expect(try database.search(MerchantSearch(near: origin, radiusKm: 20)).merchants.isEmpty)
        let found = try database.search(MerchantSearch(near: origin, radiusKm: 30))
        #expect(found.merchants.map(\.name) == ["East Shop"])
        #expect(abs(try #require(found.merchants.first?.distanceKm) - 25) < 0.1)
        #expect(try database.atms(ATMSearch(near: origin, radiusKm: 20)).isEmpty)
        #expect(try database.atms(ATMSearch(near: origin, radiusKm: 30)).map(\.location.name) == ["East ATM"])
    }

    @Test("A search for a provider outside the database's visible providers finds nothing")
    func providerOutsideView() throws {
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory), providers: [])
        #expect(try database.search(MerchantSearch(provider: .ctx)).merchants.isEmpty)
    }

    #if PIGGYCARDS_ENABLED
    @Test("PiggyCards ids stored as INTEGER read as text; its fee shows when it is the chosen provider")
    func piggyCardsRows() throws {
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory))
        guard case .found(let home) = try database.merchant(id: "uuid-home") else {
            Issue.record("uuid-home not found")
            return
        }
        #expect(home.providers.map(\.sourceId) == ["uuid-home", "177"])
        let fee = try database.search(MerchantSearch(text: "amazon", provider: .piggyCards))
        #expect(fee.merchants.first?.discountBasisPoints == -150)
        let best = try database.search(MerchantSearch(text: "amazon"))
        #expect(best.merchants.first?.discountBasisPoints == 0, "the best offer of both: CTX's 0 over the -150 fee")
    }
    #endif
}
