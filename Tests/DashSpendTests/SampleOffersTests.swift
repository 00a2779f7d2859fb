import DashSpend
import DashSpendSample
import DashSpendTestSupport
import Foundation
import Testing

/// The built-in sample's offers carry card values (issue 27): before, every offer read from it was `fixed []`
/// or the default range 5 to 500, whatever the merchant. The values are invented (the wallets' files keep only
/// the type) and come from a column only the sample has, with the source `local`; and the sample exercises
/// every kind of offer.
@Suite("The sample's offers have invented card values of every kind", hangGuard(minutes: 5))
struct SampleOffersTests {
    let state: ScratchDirectory
    let client: DashSpendClient

    init() throws {
        state = try ScratchDirectory()
        client = try DashSpendClient(
            configuration: DashSpendConfiguration(
                stateDirectory: state.path, database: .installed(fallback: ClientFixture.sample), offline: true))
    }

    /// Every merchant the sample lists, resolved offline.
    func allOffers() async throws -> [(merchant: String, offer: ResolvedOffer)] {
        let page = try client.search(MerchantSearch(limit: 1_000, includeURLRedeem: true))
        var offers: [(merchant: String, offer: ResolvedOffer)] = []
        for summary in page.merchants where summary.paymentMethod == .giftCard {
            let merchant = try await client.merchant(summary.merchantId, policy: .cacheOnly)
            offers += merchant.offers.map { (summary.name, $0) }
        }
        return offers
    }

    @Test("Every offer's denominations come from the sample (local), none from the default")
    func everyOfferHasValues() async throws {
        let offers = try await allOffers()
        #expect(offers.count > 20)
        for (merchant, offer) in offers {
            #expect(offer.denominations.source == .local, "\(merchant) \(offer.provider): \(offer.denominations.source)")
            let values = offer.denominations.value
            switch values.type {
            case .fixed: #expect(!values.values.isEmpty, "\(merchant) \(offer.provider): fixed []")
            case .flexible: #expect(values.minimum != nil && values.maximum != nil, "\(merchant)")
            }
        }
    }

    @Test("Fixed values, ranges, a disabled offer, no discount, a fee, two providers: each is in the sample")
    func everyKind() async throws {
        let offers = try await allOffers()
        #expect(offers.contains { $0.offer.denominations.value.type == .fixed && $0.offer.denominations.value.values.count >= 3 })
        #expect(offers.contains { $0.offer.denominations.value.type == .flexible })
        #expect(offers.contains { !$0.offer.enabled.value })
        #expect(offers.contains { $0.offer.discountBasisPoints.value == 0 })
        #expect(offers.contains { $0.offer.discountBasisPoints.value < 0 } || GiftCardProvider.allCases.count == 1)
        let home = try await client.merchant(ClientFixture.homeDepot, policy: .cacheOnly)
        let ctx = try #require(home.offers.first { $0.provider == .ctx })
        #expect(ctx.denominations.value == .flexible(minimum: 10, maximum: 2000))
        // Starbucks is the option list: the type as CTX spells it, read as fixed values.
        let starbucks = try await client.merchant("Starbucks", policy: .cacheOnly)
        #expect(starbucks.offers.first?.denominations.value == .fixed([5, 10, 15, 25, 50]))
        #expect(GiftCardProvider.allCases.count == 1 || home.offers.count == 2, "sold by both providers")
    }

    @Test("The explanation names the column the values came from")
    func explained() async throws {
        let home = try await client.merchant(ClientFixture.homeDepot, policy: .cacheOnly)
        let ctx = try #require(home.offers.first { $0.provider == .ctx })
        let field = try #require(ctx.explanation.first { $0.field == .denominations })
        let winner = try #require(field.winnerIndex.map { field.steps[$0] })
        #expect(winner.place == .column("gift_card_providers.denominationValues"))
    }

    @Test("Denominations written as text: fixed values, a range; nothing else")
    func listed() {
        #expect(Denominations(listed: "25, 50, 100") == .fixed([25, 50, 100]))
        #expect(Denominations(listed: "10..500") == .flexible(minimum: 10, maximum: 500))
        #expect(Denominations(listed: "2.5..7.5") == .flexible(minimum: 2.5, maximum: 7.5))
        for bad in ["", "ten", "25, x", "500..10", "5..", "..5"] {
            #expect(Denominations(listed: bad) == nil, "\(bad)")
        }
    }
}
