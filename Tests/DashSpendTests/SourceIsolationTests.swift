import DashSpend
import DashSpendCore
@_spi(Benchmarks) import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Each offer, field and network resolves from its own sources, where the wallets' apps mix them up: one test
/// per rule, each naming the app behaviour it departs from (`resolution.md`, "Anchor bugs not to copy").
@Suite("Each offer, field and network keeps to its own sources, where the wallets' apps do not", hangGuard(minutes: 3))
struct SourceIsolationTests {
    @Test("A provider's live answer changes its own offer only (Android rewrites the first provider row with it)")
    func aLiveAnswerChangesItsOwnOfferOnly() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(
            ctx.discountBasisPoints == Resolved(300, source: .live, provider: .ctx, fetchedAt: ctx.discountBasisPoints.fetchedAt))
        // The live answer is filed under the provider and the id it was asked for, nowhere else.
        #expect(fixture.cache.load(.ctx, sourceId: ServiceFixture.homeCTX)?.discountBasisPoints == 300)
        #expect(fixture.cache.load(.ctx, sourceId: "tie-ctx") == nil)
        #expect(merchant.offers.count == GiftCardProvider.allCases.count)
    }

    #if PIGGYCARDS_ENABLED
    @Test("The offer that did not answer keeps its own values (Android rewrites the first provider row)")
    func theOtherOfferKeepsItsOwnValues() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        // PiggyCards (not signed in) keeps its own row: 100 bp, fixed; nothing is stored under it.
        let other = try #require(merchant.offer(.piggyCards))
        #expect(other.discountBasisPoints == Resolved(100, source: .local))
        #expect(other.enabled.source == .local)
        #expect(fixture.cache.load(.piggyCards, sourceId: "177") == nil)
    }

    @Test("The merchant's enabled is its first offer's, whichever provider ranks first (iOS reads a first CTX only)")
    func enabledIsTheFirstOffersWhicheverProvider() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.piggyCards)
        let path = fixture.server.path(.piggyCards, "giftcards/US")
        func cards(quantity: Int) -> String {
            #"{"code":200,"data":[{"id":1,"name":"Tie $25","price_type":"Fixed","discount_percentage":5,"#
                + #""denomination":"25","quantity":\#(quantity),"brand_id":205}]}"#
        }
        // m-tie: CTX (not signed in) 200 bp from its row; PiggyCards live 5 % - 1.5 % = 350 bp ranks first,
        // and its cards are out of stock: the merchant is disabled, from PiggyCards' live answer.
        fixture.server.loopback.inject(.respond(status: 200, body: cards(quantity: 0)), path: path, times: 1)
        let outOfStock = try await fixture.service().resolve(merchantId: "m-tie")
        #expect(outOfStock.offers.first?.provider == .piggyCards)
        #expect(outOfStock.enabled.value == false && outOfStock.enabled.source == .live)
        #expect(outOfStock.enabled.provider == .piggyCards)
        // An error: the stored "disabled" shows, never "enabled".
        fixture.server.loopback.inject(.respond(status: 503, body: "{}"), path: path, times: 1)
        let failed = try await fixture.service().resolve(merchantId: "m-tie")
        #expect(failed.offers.first?.provider == .piggyCards)
        #expect(failed.enabled.value == false && failed.enabled.source == .cached)
        // Read on every lookup, not once: back in stock, enabled.
        fixture.server.loopback.inject(.respond(status: 200, body: cards(quantity: 3)), path: path, times: 1)
        let inStock = try await fixture.service().resolve(merchantId: "m-tie")
        #expect(inStock.offers.first?.provider == .piggyCards)
        #expect(inStock.enabled.value == true && inStock.enabled.source == .live)
    }
    #endif

    @Test("When no provider answers, the stored values are kept (Android sets the discount to 0)")
    func noAnswerKeepsTheStoredValues() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)")
        fixture.server.loopback.inject(.respond(status: 500, body: "{}"), path: path)
        let unanswered = try await fixture.service().resolve(merchantId: "m-home")
        #expect(unanswered.offer(.ctx)?.discountBasisPoints == Resolved(250, source: .local))

        fixture.server.loopback.clearFaults()
        _ = try await fixture.service().resolve(merchantId: "m-home")
        fixture.server.loopback.inject(.respond(status: 500, body: "{}"), path: path)
        let afterLive = try await fixture.service().resolve(merchantId: "m-home")
        #expect(afterLive.offer(.ctx)?.discountBasisPoints.value == 300)
        #expect(afterLive.offer(.ctx)?.discountBasisPoints.source == .cached)
    }

    @Test("A live denominations type wins for every offer (Android's all-providers refresh drops it)")
    func aLiveDenominationsTypeWinsEverywhere() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        // The database says min-max (flexible); CTX's live answer says fixed with values.
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(ctx.denominationsTypeSource == .live)
        #expect(ctx.denominations.value.type == .fixed)
        // Without values the live type still wins, the values falling through to the default of that type.
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.homeCTX)","denominationsType":"fixed"}"#),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"))
        let typeOnly = try #require(try await fixture.service().resolve(merchantId: "m-home").offer(.ctx))
        #expect(typeOnly.denominationsTypeSource == .live)
        #expect(typeOnly.denominations.value.type == .fixed)
    }

    @Test("Enabled is resolved on every lookup, and an error never shows enabled (iOS reads it once, true on error)")
    func enabledIsResolvedEveryTimeAndNeverAssumedOnError() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.bareCTX)")
        // An error: the database's `active = 0` shows, never "enabled".
        fixture.server.loopback.inject(.respond(status: 503, body: "{}"), path: path, times: 1)
        let failed = try await fixture.service().resolve(merchantId: "m-bare")
        #expect(failed.enabled == Resolved(false, source: .local))
        // Read on every lookup, not once: true, then false.
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.bareCTX)","enabled":true}"#), path: path, times: 1)
        #expect(try await fixture.service().resolve(merchantId: "m-bare").enabled.value == true)
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.bareCTX)","enabled":false}"#), path: path, times: 1)
        let later = try await fixture.service().resolve(merchantId: "m-bare")
        #expect(later.enabled.value == false && later.enabled.source == .live)
    }

    @Test("The database's active is the local source of enabled (iOS ignores it)")
    func databaseActiveIsTheLocalSourceOfEnabled() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-bare", policy: .cacheOnly)
        #expect(merchant.enabled == Resolved(false, source: .local))
        let dash = try await fixture.service().resolve(merchantId: "m-dash", policy: .cacheOnly)
        #expect(dash.enabled == Resolved(false, source: .local), "a Dash merchant's merchant.active")
    }

    @Test("One statement attaches the providers of a whole page (iOS runs one query per merchant)")
    func oneStatementAttachesAPagesProviders() throws {
        let directory = try ScratchDirectory()
        let count = 60
        let merchants = (1...count).map { "(\($0), 'm-\($0)', 'Shop \($0)', 'online', 'gift card', 1, 100, 'fixed', 'barcode')" }
        let providers = (1...count).map { "(\($0), 'm-\($0)', 'CTX', 'barcode', \(100 + $0), 1, 'fixed', 'ctx-\($0)')" }
        let rows = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType, redeemType)
            VALUES \(merchants.joined(separator: ",\n"));
            INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
            VALUES \(providers.joined(separator: ",\n"));
            """
        let database = try ExploreDatabase(path: try FixtureDatabase.make(version: 4, rows: rows, in: directory))
        let page = try database.search(MerchantSearch(limit: count))
        #expect(page.merchants.count == count)
        #expect(page.merchants.allSatisfy { $0.providers == [.ctx] })
        #expect(page.merchants.allSatisfy { $0.discountBasisPoints > 100 }, "each merchant has its own row's discount")
        // The providers of the page come from one statement bound to every merchantId of the page.
        let statement = try #require(database.pageOffersStatement(merchantIds: page.merchants.map(\.merchantId)))
        #expect(statement.arguments.count == 1)
        guard case .text(let ids)? = statement.arguments.first else {
            Issue.record("the page's ids are bound as one JSON array")
            return
        }
        #expect(page.merchants.allSatisfy { ids.contains("\"\($0.merchantId)\"") })
    }

    @Test("Merchants whose optional columns are NULL resolve, falling back to the defaults (iOS crashes on them)")
    func nullColumnsFallBackToTheDefaults() async throws {
        let directory = try ScratchDirectory()
        let rows = """
            INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType, redeemType)
            VALUES (1, 'm-null', 'Null Shop', NULL, 'gift card', NULL, NULL, NULL, NULL),
                   (2, 'm-null-dash', 'Null Diner', NULL, 'dash', NULL, NULL, NULL, NULL);
            INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
            VALUES (1, 'm-null', 'CTX', 'barcode', 0, 1, '', 7);
            """
        let database = try ExploreDatabase(path: try FixtureDatabase.make(version: 4, rows: rows, in: directory))
        let service = MerchantService(database: database, repositories: [:], cache: InMemoryOfferCache())
        let merchant = try await service.resolve(merchantId: "m-null", policy: .cacheOnly)
        let ctx = try #require(merchant.offer(.ctx))
        #expect(ctx.enabled == Resolved(true, source: .local))
        #expect(ctx.discountBasisPoints == Resolved(0, source: .local))
        #expect(ctx.denominationsTypeSource == .default, "a blank type in the row and NULL in the merchant")
        #expect(ctx.denominations.value == .fixed([]))
        #expect(merchant.explanation.count == 5, "the merchant's enabled, then the CTX offer's four fields")
        let dash = try await service.resolve(merchantId: "m-null-dash", policy: .cacheOnly)
        #expect(dash.offers.isEmpty)
        #expect(dash.enabled == Resolved(true, source: .default))
    }

    @Test("Each network has its own database and tokens (iOS shares one of each across mainnet and testnet)")
    func eachNetworkHasItsOwnDatabaseAndTokens() async throws {
        let state = try ScratchDirectory(prefix: "anchor-networks")
        let server = try MockProviderServer.started()
        let mainnet = try DashSpendClient(configuration: ClientFixture.configuration(state: state, server: server))
        _ = try await mainnet.login(.ctx, email: "someone@example.com")
        _ = try await mainnet.verify(.ctx, code: MockProviderServer.validCode)
        let live = try await mainnet.merchant(ClientFixture.homeDepot, policy: .networkFirst)
        #expect(live.offers.first { $0.provider == .ctx }?.discountBasisPoints.source == .live)

        var configuration = ClientFixture.configuration(state: state, server: server)
        configuration.network = .testnet
        let testnet = try DashSpendClient(configuration: configuration)
        #expect(try await testnet.signInStatus().first { $0.provider == .ctx }?.signedIn == false)
        let offline = try await testnet.merchant(ClientFixture.homeDepot, policy: .cacheOnly)
        #expect(offline.offers.first { $0.provider == .ctx }?.discountBasisPoints.source == .local)
        #expect(configuration.stateDatabasePath != mainnet.configuration.stateDatabasePath)
        #expect(FileManager.default.fileExists(atPath: mainnet.configuration.stateDatabasePath))
    }
}
