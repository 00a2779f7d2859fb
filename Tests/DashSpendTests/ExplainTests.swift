import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `explanation`: every field's whole chain as typed values (value, place, outcome), so a support person can
/// answer "why does it say disabled?" from it alone and an app can branch on it; the CLI's wording of the
/// same values is tested in `MerchantLookupCLITests/ExplanationOutputTests`.
@Suite(
    "The explanation of a resolved merchant names every source, its value or why none, and the winner",
    hangGuard(minutes: 2))
struct ExplainTests {
    func field(_ merchant: ResolvedMerchant, _ provider: GiftCardProvider, _ name: ExplainedField.Field) throws
        -> ExplainedField
    {
        try #require(merchant.explanation.first { $0.provider == provider && $0.field == name })
    }

    @Test("Disabled by the live answer: the live step says false and wins; the sources below still show theirs")
    func disabledByLiveAnswer() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.homeCTX)","enabled":false,"savingsPercentage":300}"#),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"))
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        #expect(merchant.offer(.ctx)?.enabled.value == false)

        let enabled = try field(merchant, .ctx, .enabled)
        #expect(enabled.steps.map(\.source) == [.live, .cached, .local, .local, .default])
        let winner = try #require(enabled.winner)
        #expect(winner.source == .live && winner.value == .enabled(false) && winner.outcome == .used)
        #expect(winner.place == .answer(.ctx) && winner.fetchedAt != nil)
        #expect(enabled.steps.filter(\.isUsed).count == 1, "one step is used: the winner")
        #expect(enabled.steps[1].value == nil && enabled.steps[1].outcome == .absent(.notStored))
        #expect(enabled.steps[2].place == .column("gift_card_providers.active") && enabled.steps[2].value == .enabled(true))
        #expect(enabled.steps[2].outcome == .shadowed(by: .live))
        #expect(enabled.steps[3].place == .column("merchant.active") && enabled.steps[3].value == .enabled(true))
        #expect(enabled.steps[4].value == .enabled(true) && enabled.steps[4].outcome == .shadowed(by: .live))

        // The denominations the answer lacks fall through, and say why.
        let values = try field(merchant, .ctx, .denominations)
        #expect(values.steps[0].value == nil && values.steps[0].outcome == .absent(.missingFromAnswer))
        #expect(values.steps[2].place == .denominationValues && values.steps[2].outcome == .absent(.noDenominationValues))
        #expect(values.winner?.source == .default && values.winner?.outcome == .used)
    }

    @Test("Disabled by the database: offline, nothing stored, gift_card_providers.active = 0 wins")
    func disabledByDatabase() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-bare", policy: .cacheOnly)
        #expect(merchant.enabled.value == false)

        let enabled = try field(merchant, .ctx, .enabled)
        #expect(enabled.steps[0].source == .live && enabled.steps[0].value == nil)
        #expect(enabled.steps[0].outcome == .absent(.offline))
        #expect(enabled.steps[1].source == .cached && enabled.steps[1].value == nil)
        #expect(enabled.steps[1].outcome == .absent(.notStored))
        let winner = try #require(enabled.winner)
        #expect(winner.source == .local && winner.place == .column("gift_card_providers.active"))
        #expect(winner.value == .enabled(false) && winner.outcome == .used)
        #expect(enabled.steps[3].place == .column("merchant.active") && enabled.steps[3].value == .enabled(false))
        #expect(enabled.steps[4].source == .default && enabled.steps[4].value == .enabled(true))
        #expect(enabled.steps[4].outcome == .shadowed(by: .local))
    }

    @Test("Not signed in, an HTTP 500, a fresh stored answer and an implausible value are each their own absence")
    func reasons() async throws {
        let fixture = try ServiceFixture()
        let clock = ManualClock()
        let service = { fixture.service(timeToLive: 0, now: { clock.now }) }

        let notSignedIn = try await service().resolve(merchantId: "m-home")
        #expect(try field(notSignedIn, .ctx, .discount).steps[0].outcome == .absent(.notSignedIn))

        try fixture.signIn(.ctx)
        _ = try await service().resolve(merchantId: "m-home")
        clock.advance(by: 12)
        let fresh = try await service().resolve(merchantId: "m-home", policy: .cacheFirst())
        let discount = try field(fresh, .ctx, .discount)
        #expect(discount.steps[0].outcome == .absent(.fresh(age: 12, maxAge: 30)))
        #expect(discount.winner?.source == .cached && discount.winner?.value == .discount(basisPoints: 300))
        #expect(discount.winner?.place == .stateDatabase)
        #expect(discount.winner.flatMap(\.fetchedAt).map(fresh.age(of:)) == 12)

        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)")
        fixture.server.loopback.inject(.respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#), path: path)
        let failed = try await service().resolve(merchantId: "m-home", policy: .networkFirst)
        let outcome = try field(failed, .ctx, .enabled).steps[0].outcome
        guard case .absent(.failed(let failure)) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(failure.kind == .unavailable && failure.provider == .ctx && failure.message.contains("500"), "\(failure)")

        fixture.server.loopback.clearFaults()
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.homeCTX)","savingsPercentage":25000}"#), path: path)
        let absurd = try await service().resolve(merchantId: "m-home", policy: .networkFirst)
        let dropped = try field(absurd, .ctx, .discount)
        guard case .absent(.implausible(let detail)) = dropped.steps[0].outcome else {
            Issue.record("expected an implausible value, got \(dropped.steps[0].outcome)")
            return
        }
        #expect(detail.contains("25000"), "\(detail)")
        #expect(dropped.winner?.source == .cached)
    }

    /// The merchant's own `enabled`, explained first.
    func merchantEnabled(_ merchant: ResolvedMerchant) throws -> ExplainedField {
        let field = try #require(merchant.explanation.first)
        #expect(field.provider == nil && field.field == .enabled)
        #expect(field.sourceId == merchant.merchant.merchantId)
        return field
    }

    @Test("The merchant's enabled: which offer ranks first and why, with its value and where it came from")
    func merchantEnabledNamesTheFirstOffer() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.homeCTX)","enabled":false,"savingsPercentage":300}"#),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"))
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        #expect(merchant.enabled.value == false)
        let enabled = try merchantEnabled(merchant)
        let winner = try #require(enabled.winner)
        #expect(enabled.winnerIndex == 0)
        #expect(winner.value == .enabled(false) && winner.source == .live && winner.fetchedAt != nil)
        #expect(winner.place == .offer(.ctx, rank: 1, count: merchant.offers.count), "\(winner)")
        #expect(winner.outcome == .used)
        // Where its value came from: the CTX offer's own enabled chain, whose winner is CTX's answer.
        #expect(try field(merchant, .ctx, .enabled).winner?.place == .answer(.ctx))
        #expect(enabled.steps.last?.source == .default && enabled.steps.last?.outcome == .shadowed(by: .live))
        #if PIGGYCARDS_ENABLED
        // CTX's live 300 bp against PiggyCards' row (100 bp, not signed in).
        let piggyCards = try #require(GiftCardProvider(id: "piggycards"))
        #expect(winner.topLine == .highestDiscount(basisPoints: 300, runnerUp: piggyCards, runnerUpBasisPoints: 100))
        #expect(enabled.steps[1].place == .offer(piggyCards, rank: 2, count: 2) && enabled.steps[1].value == .enabled(true))
        #expect(enabled.steps[1].outcome == .shadowed(by: .live))
        #expect(enabled.steps[1].topLine == .lowerDiscount(basisPoints: 100, first: .ctx, firstBasisPoints: 300))
        #else
        #expect(winner.topLine == .onlyOffer(hidden: []), "\(winner)")
        #endif
    }

    @Test("A Dash merchant's enabled is the merchant row's active, and says so")
    func dashMerchantEnabled() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-dash", policy: .cacheOnly)
        let enabled = try merchantEnabled(merchant)
        #expect(enabled.steps.map(\.source) == [.local, .default])
        let winner = try #require(enabled.winner)
        #expect(winner.place == .column("merchant.active") && winner.value == .enabled(false))
        #expect(winner.outcome == .used && winner.topLine == .dashMerchant, "\(winner)")
        #expect(enabled.steps[1].outcome == .shadowed(by: .local))
    }

    #if PIGGYCARDS_ENABLED
    @Test("PiggyCards first on a tie; a live false says why (out of stock, no cards, only disabled Xbox cards)")
    func piggyCardsRanksFirstOnATieAndSaysWhyDisabled() async throws {
        let fixture = try ServiceFixture()
        let tie = try await fixture.service().resolve(merchantId: "m-tie", policy: .cacheOnly)
        let ranked = try #require(try merchantEnabled(tie).winner)
        let piggyCards = try #require(GiftCardProvider(id: "piggycards"))
        #expect(ranked.place == .offer(piggyCards, rank: 1, count: 2))
        #expect(ranked.topLine == .firstOnATie(basisPoints: 200, runnerUp: .ctx), "\(ranked)")

        try fixture.signIn(.piggyCards)
        let path = fixture.server.path(.piggyCards, "giftcards/US")
        let outOfStock =
            #"{"code":200,"data":[{"id":1,"name":"Tie $25","price_type":"Fixed","discount_percentage":5,"#
            + #""denomination":"25","quantity":0,"brand_id":205}]}"#
        let noCards = #"{"code":200,"message":"No gift cards found","data":null}"#
        let cases: [(body: String, merchantId: String, why: String)] = [
            (outOfStock, "m-tie", "every PiggyCards card of this brand is out of stock"),
            (noCards, "m-piggy", "PiggyCards has no gift cards for this brand"),
        ]
        for (body, merchantId, why) in cases {
            fixture.server.loopback.inject(.respond(status: 200, body: body), path: path, times: 1)
            let merchant = try await fixture.service().resolve(merchantId: merchantId)
            let offer = try field(merchant, .piggyCards, .enabled)
            #expect(offer.winner?.value == .enabled(false) && offer.winner?.source == .live)
            #expect(offer.winner?.providerReason?.hasPrefix(why) == true, "\(offer)")
            let top = try #require(try merchantEnabled(merchant).winner)
            #expect(top.value == .enabled(false) && top.providerReason?.hasPrefix(why) == true, "\(top)")
        }
    }
    #endif

    @Test("A provider blocked in the country is explained as such; an unknown country hides nothing")
    func blockedAndUnknownCountry() async throws {
        let fixture = try ServiceFixture()
        let unknown = try await fixture.service(country: "Narnia").resolve(merchantId: "m-home", policy: .cacheOnly)
        #expect(unknown.country == nil, "not an ISO code: unknown, so nothing is hidden")
        #expect(unknown.offers.count == GiftCardProvider.allCases.count)
        #expect(unknown.explanation.allSatisfy { $0.winner != nil })

        let known = try await fixture.service(country: " ru ").resolve(merchantId: "m-home", policy: .cacheOnly)
        #expect(known.country == "RU")
        guard let piggyCards = GiftCardProvider(id: "piggycards") else { return }
        #expect(known.offer(piggyCards) == nil)
        let hidden = known.explanation.filter { $0.provider == piggyCards }
        #expect(hidden.map(\.field) == ExplainedField.Field.allCases)
        for field in hidden {
            #expect(field.winner == nil)
            #expect(field.steps.allSatisfy { $0.value == nil && $0.outcome == .absent(.notOfferedInCountry("RU")) })
        }
    }
}
