import DashSpend
import DashSpendCore
import DashSpendHTTP
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Ranking offers and building repositories", hangGuard(minutes: 2))
struct RankingAndFactoryTests {
    @Test("The factory builds one repository per compiled-in provider, each for its own provider")
    func factory() throws {
        let fixture = try ServiceFixture()
        let repositories = fixture.repositories()
        #expect(Set(repositories.keys) == Set(GiftCardProvider.allCases))
        for (provider, repository) in repositories {
            #expect(repository.provider == provider)
        }
    }

    @Test("A merchant's enabled state is that of its first offer")
    func merchantEnabledFollowsFirstOffer() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-bare", policy: .cacheOnly)
        #expect(merchant.enabled == Resolved(false, source: .local), "provider row active = 0")
    }

    #if PIGGYCARDS_ENABLED
    @Test("Offers are ranked by resolved discount, highest first")
    func rankedByDiscount() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        try fixture.signIn(.piggyCards)
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        // CTX live 300 bp; PiggyCards live: the Range card at 4 % minus the 1.5 % fee = 250 bp.
        #expect(merchant.offers.map(\.provider) == [.ctx, .piggyCards])
        let piggy = try #require(merchant.offer(.piggyCards))
        #expect(piggy.discountBasisPoints.source == .live)
        #expect(piggy.discountBasisPoints.value == 250)
        #expect(piggy.denominations.value == .flexible(minimum: 5, maximum: 500))
    }

    @Test("On equal discounts PiggyCards comes first")
    func tieBreak() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-tie", policy: .cacheOnly)
        #expect(merchant.offers.map(\.provider) == [.piggyCards, .ctx])
    }

    @Test("PiggyCards is hidden for users in Russia and Cuba, shown when the country is unknown")
    func geoRestriction() async throws {
        let fixture = try ServiceFixture()
        for country in ["RU", "cu"] {
            let merchant = try await fixture.service(country: country).resolve(merchantId: "m-home", policy: .cacheOnly)
            #expect(merchant.offers.map(\.provider) == [.ctx])
        }
        let anywhere = try await fixture.service().resolve(merchantId: "m-home", policy: .cacheOnly)
        #expect(anywhere.offers.count == 2)
    }
    #else
    @Test("Without PiggyCards its rows are ignored")
    func piggyCardsRowsIgnored() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-tie", policy: .cacheOnly)
        #expect(merchant.offers.map(\.provider) == [.ctx])
    }
    #endif
}

#if PIGGYCARDS_ENABLED
@Suite("Network-only with one provider signed in", hangGuard(minutes: 2))
struct NetworkOnlyMixedSignInTests {
    @Test("A provider never signed in to is skipped while the other answers live")
    func skipsProvidersNotSignedIn() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-home", policy: .networkOnly)
        #expect(merchant.offer(.ctx)?.discountBasisPoints.source == .live)
        #expect(merchant.offer(.piggyCards)?.discountBasisPoints.source == .local)
        #expect(merchant.offer(.piggyCards)?.liveError == .signInRequired(.piggyCards))
    }

    @Test("A signed-in provider's failure fails the lookup even when the other is not signed in")
    func signedInFailureWins() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.piggyCards)
        fixture.server.loopback.inject(.respond(status: 500, body: "{}"), path: fixture.server.path(.piggyCards, "giftcards/US"))
        do {
            _ = try await fixture.service().resolve(merchantId: "m-home", policy: .networkOnly)
            Issue.record("expected the PiggyCards failure")
        } catch .provider(.serverError(let status, _)) {
            #expect(status == 500)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
#endif
