import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Every schema version opens and reads")
struct SchemaVersionTests {
    @Test("The version is detected from the contents", arguments: [1, 2, 3, 4])
    func detectsVersion(version: Int) throws {
        let directory = try ScratchDirectory()
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: version, in: directory))
        #expect(database.schema.version == version)
        #expect(database.schema.hasProviderTable == (version == 4))
        #expect(database.schema.hasMerchantSearchIndex)
    }

    @Test("The version comes from the tables, not from user_version")
    func ignoresUserVersion() throws {
        let directory = try ScratchDirectory()
        let path = try FixtureDatabase.make(version: 3, rows: ExploreFixtures.v3Rows + "PRAGMA user_version = 4;", in: directory)
        let database = try ExploreDatabase(path: path)
        #expect(database.schema.userVersion == 4)
        #expect(database.schema.version == 3)
    }

    @Test("v3: a gift-card merchant is one CTX offer built from its own row")
    func v3SyntheticOffer() throws {
        let directory = try ScratchDirectory()
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 3, in: directory))
        guard case .found(let alpha) = try database.merchant(id: "uuid-a") else {
            Issue.record("uuid-a not found")
            return
        }
        #expect(alpha.providers.map(\.provider) == [.ctx])
        #expect(alpha.providers.first?.sourceId == "uuid-a")
        #expect(alpha.providers.first?.isSynthetic == true)
        #expect(alpha.merchant.denominationsType == .flexible)
        #expect(alpha.merchant.savingsPercentage == 450)
        guard case .found(let beta) = try database.merchant(id: "uuid-b") else {
            Issue.record("uuid-b not found")
            return
        }
        #expect(beta.merchant.denominationsType == .fixed, "'FIXED' is fixed: compared case-insensitively")
        #expect(beta.merchant.active == false)
        guard case .found(let grill) = try database.merchant(id: "dcg-1") else {
            Issue.record("dcg-1 not found")
            return
        }
        #expect(grill.providers.isEmpty, "a Dash merchant has no gift-card offer")
    }

    @Test("v2: a legacy redeemType that names a denominations type counts as one")
    func v2LegacyRedeemType() throws {
        let directory = try ScratchDirectory()
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 2, in: directory))
        guard case .found(let alpha) = try database.merchant(id: "uuid-a"),
            case .found(let beta) = try database.merchant(id: "uuid-b")
        else {
            Issue.record("fixture merchants not found")
            return
        }
        #expect(alpha.merchant.denominationsType == .flexible)
        #expect(beta.merchant.denominationsType == nil, "'barcode' is a redeem type, not a denominations type")
        #expect(beta.merchant.redeemType == "barcode")
    }

    @Test("v1: integer merchantId and sourceId are read as text; defaults fill the missing columns")
    func v1IntegerIds() throws {
        let directory = try ScratchDirectory()
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 1, in: directory))
        guard case .found(let diner) = try database.merchant(id: "101") else {
            Issue.record("101 not found")
            return
        }
        #expect(diner.merchant.merchantId == "101")
        #expect(diner.merchant.sourceId == "101")
        #expect(diner.merchant.savingsPercentage == nil)
        #expect(diner.merchant.locationCount == 2)
        let page = try database.search(MerchantSearch(text: "echo"))
        #expect(page.merchants.map(\.merchantId) == ["102"])
        #expect(page.merchants.first?.providers == [.ctx])
        #expect(page.merchants.first?.discountBasisPoints == 0)
    }

    @Test("The shared real v4 template opens", .enabled(if: SharedTemplate.path != nil))
    func sharedTemplateConformance() throws {
        let database = try ExploreDatabase(path: try #require(SharedTemplate.path))
        #expect(database.schema.version == 4)
        #expect(database.schema.userVersion == 4)
        #expect(database.schema.hasMerchantSearchIndex)
        #expect(database.schema.atmColumns.contains("manufacturer"))
        #expect(try database.search(MerchantSearch(text: "home")).merchants.isEmpty)
        #expect(try database.merchant(id: "anything") == .notFound)
    }
}

/// `../shared/fixtures/explore-empty-v4.db`, when it is beside the project (never copied into it).
enum SharedTemplate {
    static var path: String? {
        let candidate = FixtureDatabase.packageRoot + "/../shared/fixtures/explore-empty-v4.db"
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }
}
