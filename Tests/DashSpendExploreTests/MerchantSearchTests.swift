import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Testing

@Suite("Searching merchants")
struct MerchantSearchTests {
    let directory: ScratchDirectory
    let database: ExploreDatabase

    init() throws {
        directory = try ScratchDirectory()
        database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory), providers: [.ctx])
    }

    func names(_ search: MerchantSearch, in database: ExploreDatabase? = nil) throws -> [String] {
        try (database ?? self.database).search(search).merchants.map(\.name)
    }

    @Test("Phrase-prefix name search through FTS4, one result per merchantId")
    func prefixSearch() throws {
        #expect(try names(MerchantSearch(text: "hom")) == ["Home Depot"])
        #expect(try names(MerchantSearch(text: "depot")) == ["Home Depot"], "any word of the name")
        #expect(try names(MerchantSearch(text: "home dep")) == ["Home Depot"], "the last word is a prefix")
        #expect(try names(MerchantSearch(text: "epot")).isEmpty, "FTS matches word prefixes, not infixes")
    }

    @Test(
        "Quotes, %, _, apostrophes and non-ASCII are matched literally",
        arguments: [
            ("dick's", ["Dick's Sporting Goods"]),
            ("\"pure\"", ["100% \"Pure\" Juice_Bar"]),
            ("100%", ["100% \"Pure\" Juice_Bar"]),
            ("café", ["Café Rio"]),
            // Punctuation alone cannot be an FTS query: it is matched literally with LIKE instead.
            ("\"", ["100% \"Pure\" Juice_Bar"]),
            ("%", ["100% \"Pure\" Juice_Bar"]),
            ("*", []),
        ])
    func escaping(query: String, expected: [String]) throws {
        #expect(try names(MerchantSearch(text: query, includeURLRedeem: true)) == expected)
    }

    @Test(
        "Names fold accents, case and whitespace both ways, with and without merchant_fts",
        arguments: [true, false])
    func folding(withSearchIndex: Bool) throws {
        let extra = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, redeemType,
                savingsPercentage, denominationsType)
            VALUES
                (20, 'uuid-bar', 'Cafe Bar', 'online', 'gift card', 1, 'CTX', 'uuid-bar', 'barcode', 100, 'fixed'),
                (21, 'uuid-ecole', 'ÉCOLE Shop', 'online', 'gift card', 1, 'CTX', 'uuid-ecole', 'barcode', 100, 'fixed'),
                (22, 'uuid-spaced', 'Garden  Centre ', 'online', 'gift card', 1, 'CTX', 'uuid-spaced', 'barcode', 100, 'fixed');
            INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
            VALUES
                (20, 'uuid-bar', 'CTX', 'barcode', 100, 1, 'fixed', 'uuid-bar'),
                (21, 'uuid-ecole', 'CTX', 'barcode', 100, 1, 'fixed', 'uuid-ecole'),
                (22, 'uuid-spaced', 'CTX', 'barcode', 100, 1, 'fixed', 'uuid-spaced');
            """
        let dropIndex = """
            DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_UPDATE;
            DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_DELETE;
            DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_UPDATE;
            DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_INSERT;
            DROP TABLE merchant_fts;
            """
        let path = try FixtureDatabase.make(
            version: 4, rows: ExploreFixtures.v4Rows + extra + (withSearchIndex ? "" : dropIndex), named: "folding.db",
            in: directory)
        let database = try ExploreDatabase(path: path, providers: [.ctx])
        #expect(database.schema.hasMerchantSearchIndex == withSearchIndex)
        func found(_ search: MerchantSearch) throws -> [String] { try names(search, in: database) }
        // An accented query finds the unaccented name, and the other way round.
        #expect(try found(MerchantSearch(text: "CAFÉ")) == ["Cafe Bar", "Café Rio"])
        #expect(try found(MerchantSearch(text: "cafe")) == ["Cafe Bar", "Café Rio"])
        #expect(try found(MerchantSearch(text: "ecole")) == ["ÉCOLE Shop"])
        #expect(try found(MerchantSearch(text: "garden centre")) == ["Garden  Centre "])
        // Exact names: folded on both sides, whitespace collapsed.
        #expect(try found(MerchantSearch(exactName: "école shop")) == ["ÉCOLE Shop"])
        #expect(try found(MerchantSearch(exactName: "  garden centre")) == ["Garden  Centre "])
        #expect(try found(MerchantSearch(exactName: "café bar")) == ["Cafe Bar"])
        #expect(try found(MerchantSearch(exactName: "cafe")).isEmpty, "an exact name is the whole name")
        #expect(try database.merchantIds(namedEvenIfHidden: "Ecole  SHOP") == ["uuid-ecole"])
    }

    @Test("Without merchant_fts, LIKE is used, with % and _ taken literally")
    func likeFallback() throws {
        let path = try FixtureDatabase.make(
            version: 4,
            rows: ExploreFixtures.v4Rows + """
                DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_UPDATE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_BEFORE_DELETE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_UPDATE;
                DROP TRIGGER room_fts_content_sync_merchant_fts_AFTER_INSERT;
                DROP TABLE merchant_fts;
                """, named: "nofts.db", in: directory)
        let plain = try ExploreDatabase(path: path, providers: [.ctx])
        #expect(!plain.schema.hasMerchantSearchIndex)
        #expect(try names(MerchantSearch(text: "epot"), in: plain) == ["Home Depot"], "LIKE matches inside words")
        #expect(try names(MerchantSearch(text: "100%"), in: plain) == ["100% \"Pure\" Juice_Bar"])
        #expect(try names(MerchantSearch(text: "e_d"), in: plain).isEmpty, "_ is not a wildcard (it would match 'Home Depot')")
        #expect(try names(MerchantSearch(text: "e_b"), in: plain) == ["100% \"Pure\" Juice_Bar"], "a literal _ matches")
        #expect(try names(MerchantSearch(text: "0%"), in: plain) == ["100% \"Pure\" Juice_Bar"])
        #expect(try names(MerchantSearch(text: "x%y"), in: plain).isEmpty, "% is not a wildcard")
    }

    @Test("URL-redeem merchants are hidden unless asked for")
    func urlRedeem() throws {
        #expect(try !names(MerchantSearch()).contains("Uber Eats"))
        #expect(try names(MerchantSearch(includeURLRedeem: true)).contains("Uber Eats"))
    }

    @Test("Merchants sold only through a missing provider are hidden; rows without merchantId are skipped")
    func hiddenMerchants() throws {
        let all = try names(MerchantSearch(includeURLRedeem: true))
        #expect(!all.contains("Razer Gold"))
        #expect(!all.contains("Orphan Row"))
        let everyProvider = try ExploreDatabase(path: database.origin, providers: GiftCardProvider.allCases)
        #expect(try names(MerchantSearch(text: "razer"), in: everyProvider).count == GiftCardProvider.allCases.count - 1)
    }

    @Test("Sorted by name, case-insensitively, and paged")
    func pagingAndOrder() throws {
        let all = try names(MerchantSearch(limit: 100))
        #expect(all == all.sorted { $0.lowercased() < $1.lowercased() })
        #expect(Set(all).count == all.count, "one row per merchant")
        var paged: [String] = []
        for offset in stride(from: 0, to: all.count, by: 2) {
            paged += try names(MerchantSearch(limit: 2, offset: offset))
        }
        #expect(paged == all)
        #expect(try names(MerchantSearch(limit: 2, offset: all.count)).isEmpty)
    }

    @Test("Discount shown in lists: best offer of the build's providers, then the merchant row, then 0")
    func listDiscount() throws {
        let page = try database.search(MerchantSearch(sort: .discount))
        let discounts = page.merchants.map(\.discountBasisPoints)
        #expect(discounts == discounts.sorted(by: >))
        let byName = Dictionary(uniqueKeysWithValues: page.merchants.map { ($0.name, $0.discountBasisPoints) })
        #expect(byName["Home Depot"] == 300, "the PiggyCards 350 is not in this build's list")
        #expect(byName["Amazon"] == 0)
        #expect(byName["Satoshi Coffee"] == 0, "a Dash merchant with NULL savings shows 0")
    }

    @Test("Filters: payment method, type, territory, provider and denominations")
    func filters() throws {
        #expect(try names(MerchantSearch(paymentMethod: .dash)) == ["Satoshi Coffee"])
        #expect(try names(MerchantSearch(types: [.physical])) == ["Café Rio", "Satoshi Coffee"])
        #expect(try names(MerchantSearch(territory: "texas")) == ["Dick's Sporting Goods", "Home Depot", "Satoshi Coffee"])
        #expect(
            try names(MerchantSearch(provider: .ctx, denominations: .flexible))
                == ["100% \"Pure\" Juice_Bar", "Amazon", "Home Depot"])
        #expect(try names(MerchantSearch(denominations: .fixed)) == ["Café Rio", "Dick's Sporting Goods"])
    }

    @Test("Nearby: within the radius, nearest location per merchant, with its distance and location count")
    func nearby() throws {
        let austin = try #require(GeoPoint(latitude: 30.2672, longitude: -97.7431))
        let page = try database.search(MerchantSearch(near: austin, radiusKm: 32, sort: .distance))
        #expect(page.merchants.map(\.name) == ["Home Depot", "Satoshi Coffee", "Dick's Sporting Goods"])
        let home = try #require(page.merchants.first)
        #expect(try #require(home.distanceKm) < 0.01)
        #expect(home.locationCount == 1, "only the Austin location is within 32 km")
        let tight = try database.search(MerchantSearch(near: austin, radiusKm: 0.5, sort: .distance))
        #expect(tight.merchants.map(\.name) == ["Home Depot"])
        let wide = try database.search(MerchantSearch(near: austin, radiusKm: 2000, sort: .distance))
        #expect(wide.merchants.first { $0.name == "Home Depot" }?.locationCount == 2)
    }
}
