import DashSpend
import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

/// In the local chain the provider row (`gift_card_providers`) comes before the merchant row, field by field
/// (`/work/shared/reference/resolution.md`). Fixture rows that always agree cannot pin that order, so each
/// merchant here has rows that differ in every field, one way and the other, and one whose provider row is
/// NULL in those fields so that the merchant row shows through.
@Suite("The local chain: provider row, then merchant row, for each field")
struct LocalPrecedenceTests {
    static let rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType)
        VALUES
            (1, 'm-provider-off', 'Provider Says Off', 'online', 'gift card', 1, 900, 'min-max'),
            (2, 'm-provider-on', 'Provider Says On', 'online', 'gift card', 0, 125, 'fixed'),
            (3, 'm-provider-empty', 'Provider Row Empty', 'online', 'gift card', 0, 450, 'min-max');
        INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
        VALUES
            (1, 'm-provider-off', 'CTX', 'barcode', 125, 0, 'fixed', 'ctx-off'),
            (2, 'm-provider-on', 'CTX', 'barcode', 900, 1, 'min-max', 'ctx-on'),
            (3, 'm-provider-empty', 'CTX', 'barcode', 0, 1, 'fixed', 'ctx-empty');
        -- v4 declares these columns NOT NULL, but shipped files are not always what the schema says: the
        -- reader must fall through on NULL. SQLite checks NOT NULL only on write, so the row is emptied
        -- through a copy of the table without the constraints.
        CREATE TABLE loose AS SELECT * FROM gift_card_providers;
        UPDATE loose SET active = NULL, savingsPercentage = NULL, denominationsType = NULL WHERE merchantId = 'm-provider-empty';
        DROP TABLE gift_card_providers;
        ALTER TABLE loose RENAME TO gift_card_providers;
        """

    let directory: ScratchDirectory
    let service: MerchantService

    init() throws {
        directory = try ScratchDirectory()
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 4, rows: Self.rows, in: directory), providers: [.ctx])
        // No repositories: nothing live or cached, so every value comes from the local chain or the default.
        service = MerchantService(database: database, repositories: [:], cache: InMemoryOfferCache())
    }

    func ctxOffer(_ merchantId: String) async throws -> ResolvedOffer {
        let merchant = try await service.resolve(merchantId: merchantId, policy: .cacheOnly)
        return try #require(merchant.offers.first { $0.provider == .ctx }, "\(merchantId) has no CTX offer")
    }

    @Test("The provider row wins over a merchant row that says otherwise, in both directions")
    func providerRowWins() async throws {
        let off = try await ctxOffer("m-provider-off")
        #expect(off.enabled == Resolved(false, source: .local), "active: the provider row's 0, not the merchant's 1")
        #expect(off.discountBasisPoints == Resolved(125, source: .local), "savingsPercentage: 125, not 900")
        #expect(off.denominations.value == .fixed([]), "denominationsType: the provider row's fixed, not min-max")
        #expect(off.denominationsTypeSource == .local)

        let on = try await ctxOffer("m-provider-on")
        #expect(on.enabled == Resolved(true, source: .local), "active: the provider row's 1, not the merchant's 0")
        #expect(on.discountBasisPoints == Resolved(900, source: .local), "savingsPercentage: 900, not 125")
        #expect(
            on.denominations.value == .flexible(minimum: 5, maximum: 500),
            "denominationsType: the provider row's min-max, not fixed")
        #expect(on.denominationsTypeSource == .local)
    }

    @Test("A provider row without a value lets the merchant row's show through")
    func merchantRowFillsTheGaps() async throws {
        let offer = try await ctxOffer("m-provider-empty")
        #expect(offer.enabled == Resolved(false, source: .local))
        #expect(offer.discountBasisPoints == Resolved(450, source: .local))
        #expect(offer.denominations.value == .flexible(minimum: 5, maximum: 500))
        #expect(offer.denominationsTypeSource == .local)
    }
}
