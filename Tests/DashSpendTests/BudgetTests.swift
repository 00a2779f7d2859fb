import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `DashSpendClient.budget(_:search:policy:rate:currency:)`: what an amount of Dash buys, over the sample's
/// offers (their invented card values, source `local`), at a rate given or a provider's published one (the
/// mock PiggyCards over loopback, stored in the real state database and read back offline).
@Suite("What an amount of Dash buys", hangGuard(minutes: 3))
struct BudgetTests {
    let state: ScratchDirectory
    let server: MockProviderServer
    let credentials = InMemoryCredentialStore()

    init() throws {
        state = try ScratchDirectory(prefix: "budget")
        server = try MockProviderServer.started()
    }

    func client(offline: Bool = true) throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(state: state, server: server, offline: offline)
        configuration.credentials = credentials
        return try DashSpendClient(configuration: configuration)
    }

    @Test("1.5 DASH at 30 USD: 45.00 USD; Home Depot's largest card is CTX's 46.39 (45.00 after 3 %)")
    func homeDepot() async throws {
        let budget = try await client().budget(
            Decimal(string: "1.5")!, search: MerchantSearch(text: "home depot"), policy: .cacheOnly, rate: 30)
        #expect(budget.fiat == 45 && budget.rate.origin == .given && budget.rate.source == nil)
        let merchant = try #require(budget.merchants.first { $0.summary.merchantId == ClientFixture.homeDepot })
        let ctx = try #require(merchant.cards.first { $0.provider == .ctx })
        #expect(ctx.value == Decimal(string: "46.39")! && ctx.price == 45 && ctx.dash == Decimal(string: "1.5")!)
        #expect(!ctx.isFixedValue && ctx.discountBasisPoints == 300)
        #expect(merchant.best == ctx, "the largest card")
        #if PIGGYCARDS_ENABLED
        let piggy = try #require(merchant.cards.first { $0.provider == .piggyCards })
        #expect(piggy.value == 25 && piggy.price == Decimal(string: "24.13")! && piggy.isFixedValue, "50 costs 48.25")
        #expect(merchant.cards.first?.provider == .piggyCards, "rank order: PiggyCards' 3.5 % first")
        #endif
    }

    @Test("Every card listed fits, is the largest that does, and its Dash is its price at the rate, rounded up")
    func everyCardFits() async throws {
        let budget = try await client().budget(
            Decimal(string: "0.37")!, search: MerchantSearch(limit: 1_000), policy: .cacheOnly, rate: 27)
        #expect(budget.fiat == Decimal(string: "9.99")!)
        #expect(!budget.merchants.isEmpty)
        for merchant in budget.merchants {
            #expect(!merchant.cards.isEmpty)
            #expect(merchant.summary.paymentMethod == .giftCard, "merchants paid in Dash are not searched")
            for card in merchant.cards {
                #expect(card.price <= budget.fiat && card.value > 0, "\(merchant.summary.name): \(card)")
                #expect(card.dash * 27 >= card.price && (card.dash - Decimal(string: "0.00000001")!) * 27 < card.price)
                let offer = try #require(merchant.resolved.offers.first { $0.provider == card.provider })
                #expect(offer.enabled.value, "only offers that can be bought now")
                let denominations = offer.denominations.value
                if card.isFixedValue {
                    #expect(denominations.values.contains(card.value))
                    let larger = denominations.values.filter { $0 > card.value }.first
                    let factor = Decimal(10_000 - card.discountBasisPoints) / 10_000
                    if let larger { #expect(larger * factor > budget.fiat, "\(merchant.summary.name): \(larger) fits too") }
                } else {
                    #expect(card.value >= denominations.minimum! && card.value <= denominations.maximum!)
                    let next = card.value + Decimal(string: "0.01")!
                    let factor = Decimal(10_000 - card.discountBasisPoints) / 10_000
                    let nextPrice = Decimal(plainText: (next * factor).plainText(fractionDigits: 2))!
                    #expect(next > denominations.maximum! || nextPrice > budget.fiat, "\(merchant.summary.name): \(next) fits")
                }
            }
        }
        // Home Depot's smallest CTX card (10) costs 9.70: it fits; Amazon's CTX range from 1 gives the whole 9.99.
        let amazon = try #require(budget.merchants.first { $0.summary.name == "Amazon" })
        #expect(amazon.cards.first { $0.provider == .ctx }?.value == Decimal(string: "9.99")!)
        let homeDepot = try #require(budget.merchants.first { $0.summary.merchantId == ClientFixture.homeDepot })
        #expect(homeDepot.best.value == Decimal(string: "10.30")!, "10.30 costs 9.991, 9.99 to the cent; 10.31 costs 10.00")
    }

    @Test("Too little for any card: no merchant; 0 DASH or a rate of 0 is an invalid request")
    func tooLittle() async throws {
        let budget = try await client().budget(
            Decimal(string: "0.01")!, search: MerchantSearch(text: "home depot"), policy: .cacheOnly, rate: 30)
        #expect(budget.fiat == Decimal(string: "0.30")! && budget.merchants.isEmpty)
        #expect(budget.page.rows.count == 1, "the merchant was searched, and did not fit")
        let zero = await ClientFixture.failure { try await client().budget(0, search: MerchantSearch(), rate: 30) }
        #expect(zero?.kind == .invalidRequest)
        let noRate = await ClientFixture.failure { try await client().budget(1, search: MerchantSearch(), rate: 0) }
        #expect(noRate?.kind == .invalidRequest)
    }

    @Test("No rate given and none known: a noExchangeRate failure naming the currency")
    func noRate() async throws {
        let failure = await ClientFixture.failure {
            try await client().budget(1, search: MerchantSearch(text: "home depot"), policy: .cacheOnly)
        }
        #expect(failure?.kind == .notFound && failure?.cause == .noExchangeRate && failure?.subject == "USD")
        #if !PIGGYCARDS_ENABLED
        #expect(failure?.message.contains("no provider in this build publishes one") == true, "\(failure?.message ?? "")")
        #endif
    }

    #if PIGGYCARDS_ENABLED
    @Test("PiggyCards' rate: live when signed in, then the stored one offline (source cached)")
    func providerRate() async throws {
        try credentials.save(server.signedInCredentials(for: .piggyCards), for: .piggyCards, network: .mainnet)
        let live = try await client(offline: false).budget(
            1, search: MerchantSearch(text: "amazon"), policy: .cacheFirst())
        #expect(live.rate.origin == .provider(.piggyCards) && live.rate.source == .live)
        #expect(live.rate.fiatPerDash == Decimal(string: "27.1703")! && live.fiat == Decimal(string: "27.17")!)
        let requests = server.requestCount(.piggyCards, "exchange-rate")
        let stored = try await client().budget(1, search: MerchantSearch(text: "amazon"), policy: .cacheOnly)
        #expect(stored.rate.source == .cached && stored.rate.fiatPerDash == Decimal(string: "27.1703")!)
        #expect(stored.rate.fetchedAt != nil)
        #expect(server.requestCount(.piggyCards, "exchange-rate") == requests, "offline: nothing asked")
    }
    #endif
}
