import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Testing

@Suite("Finding one merchant")
struct MerchantLookupTests {
    let directory: ScratchDirectory
    let path: String

    init() throws {
        directory = try ScratchDirectory()
        path = try ExploreFixtures.make(version: 4, in: directory)
    }

    @Test("All provider rows come with the merchant, in the file's order")
    func providersInFileOrder() throws {
        let database = try ExploreDatabase(path: path, providers: GiftCardProvider.allCases)
        guard case .found(let home) = try database.merchant(id: "uuid-home") else {
            Issue.record("uuid-home not found")
            return
        }
        #expect(home.merchant.name == "Home Depot")
        #expect(home.merchant.locationCount == 2)
        #expect(home.merchant.website == "https://homedepot.com", "a website without a scheme gets https://")
        #expect(home.providers.first?.provider == .ctx)
        #expect(home.providers.first?.denominationsType == .flexible)
        #expect(home.providers.first?.savingsPercentage == 300)
        #expect(home.providers.count == GiftCardProvider.allCases.count, "one row per compiled-in provider")
    }

    @Test("A merchant sold only through a provider this build lacks is 'not found' with the reason")
    func hidesUnavailableOnlyMerchant() throws {
        let ctxOnly = try ExploreDatabase(path: path, providers: [.ctx])
        #expect(try ctxOnly.merchant(id: "312") == .soldOnlyThroughUnavailableProviders(["PiggyCards"]))
        guard case .found(let home) = try ctxOnly.merchant(id: "uuid-home") else {
            Issue.record("uuid-home not found")
            return
        }
        #expect(home.providers.map(\.provider) == [.ctx], "the PiggyCards row is ignored")
    }

    @Test("NULL everywhere is read without a crash")
    func nullRow() throws {
        let database = try ExploreDatabase(path: path)
        guard case .found(let merchant) = try database.merchant(id: "uuid-null") else {
            Issue.record("uuid-null not found")
            return
        }
        #expect(merchant.merchant.name == "")
        #expect(merchant.merchant.type == .unknown)
        #expect(merchant.merchant.paymentMethod == .giftCard)
        #expect(merchant.merchant.active == nil)
        #expect(merchant.providers.isEmpty)
    }

    @Test("Trimmed and case-insensitive normalisation")
    func normalisation() throws {
        let database = try ExploreDatabase(path: path)
        guard case .found(let coffee) = try database.merchant(id: "9001"),
            case .found(let dicks) = try database.merchant(id: "uuid-dicks"),
            case .found(let juice) = try database.merchant(id: "uuid-pct")
        else {
            Issue.record("fixture merchants not found")
            return
        }
        #expect(coffee.merchant.paymentMethod == .dash, "'dash ' with a space is Dash")
        #expect(dicks.merchant.denominationsType == .fixed, "'Fixed' is fixed")
        #expect(juice.merchant.denominationsType == .flexible, "' MIN-MAX ' is min-max")
    }

    @Test("An unknown id is not found")
    func unknown() throws {
        let database = try ExploreDatabase(path: path)
        #expect(try database.merchant(id: "no-such-merchant") == .notFound)
        #expect(try database.merchant(id: "") == .notFound)
    }
}
