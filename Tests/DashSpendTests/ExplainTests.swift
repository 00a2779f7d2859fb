import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `explanation`: every field's whole chain, so a support person can answer "why does it say disabled?"
/// from it alone.
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
        #expect(winner.source == .live && winner.value == "false" && winner.reason == "used")
        #expect(winner.fetchedAt != nil)
        #expect(enabled.steps[1].value == nil && enabled.steps[1].reason == "not in the state database")
        #expect(enabled.steps[2].place == "gift_card_providers.active" && enabled.steps[2].value == "true")
        #expect(enabled.steps[2].reason == "not used: the live value above wins")
        #expect(enabled.steps[3].place == "merchant.active" && enabled.steps[3].value == "true")
        #expect(enabled.steps[4].value == "true" && enabled.steps[4].reason == "not used: the live value above wins")

        // The denominations the answer lacks fall through, and say why.
        let values = try field(merchant, .ctx, .denominations)
        #expect(values.steps[0].value == nil && values.steps[0].reason == "field missing from the answer")
        #expect(values.winner?.source == .default)
        #expect(values.winner?.reason == "used: no source above has a value")
    }

    @Test("Disabled by the database: offline, nothing stored, gift_card_providers.active = 0 wins")
    func disabledByDatabase() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-bare", policy: .cacheOnly)
        #expect(merchant.enabled.value == false)

        let enabled = try field(merchant, .ctx, .enabled)
        #expect(enabled.steps[0].source == .live && enabled.steps[0].value == nil)
        #expect(enabled.steps[0].reason == "not asked: offline")
        #expect(enabled.steps[1].source == .cached && enabled.steps[1].value == nil)
        #expect(enabled.steps[1].reason == "not in the state database")
        let winner = try #require(enabled.winner)
        #expect(winner.source == .local && winner.place == "gift_card_providers.active" && winner.value == "false")
        #expect(enabled.steps[3].place == "merchant.active" && enabled.steps[3].value == "false")
        #expect(enabled.steps[4].source == .default && enabled.steps[4].value == "true")
        #expect(enabled.steps[4].reason == "not used: the local value above wins")
    }

    @Test("Not signed in, an HTTP 500, a fresh stored answer and an implausible value each give their reason")
    func reasons() async throws {
        let fixture = try ServiceFixture()
        let clock = ManualClock()
        let service = { fixture.service(timeToLive: 0, now: { clock.now }) }

        let notSignedIn = try await service().resolve(merchantId: "m-home")
        #expect(try field(notSignedIn, .ctx, .discount).steps[0].reason == "not signed in to CTX: not asked")

        try fixture.signIn(.ctx)
        _ = try await service().resolve(merchantId: "m-home")
        clock.advance(by: 12)
        let fresh = try await service().resolve(merchantId: "m-home", policy: .cacheFirst())
        let discount = try field(fresh, .ctx, .discount)
        #expect(discount.steps[0].reason == "not asked: the stored answer is 12 s old, fresh enough (max age 30 s)")
        #expect(discount.winner?.source == .cached && discount.winner?.value == "300")
        #expect(discount.winner.flatMap(\.fetchedAt).map(fresh.age(of:)) == 12)

        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)")
        fixture.server.loopback.inject(.respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#), path: path)
        let failed = try await service().resolve(merchantId: "m-home", policy: .networkFirst)
        let reason = try field(failed, .ctx, .enabled).steps[0].reason
        #expect(reason.hasPrefix("CTX could not answer: ") && reason.contains("500"), "\(reason)")

        fixture.server.loopback.clearFaults()
        fixture.server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ServiceFixture.homeCTX)","savingsPercentage":25000}"#), path: path)
        let absurd = try await service().resolve(merchantId: "m-home", policy: .networkFirst)
        let dropped = try field(absurd, .ctx, .discount)
        #expect(dropped.steps[0].reason.hasPrefix("implausible value dropped: "), "\(dropped.steps[0].reason)")
        #expect(dropped.winner?.source == .cached)
    }

    /// The merchant's own `enabled`, explained first.
    func merchantEnabled(_ merchant: ResolvedMerchant) throws -> ExplainedField {
        let field = try #require(merchant.explanation.first)
        #expect(field.provider == nil && field.subject == "merchant" && field.field == .enabled)
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
        #expect(winner.value == "false" && winner.source == .live && winner.fetchedAt != nil)
        #expect(winner.place == "CTX offer, ranked 1 of \(merchant.offers.count)", "\(winner)")
        #expect(winner.reason.contains("its enabled is false from live (CTX's answer)"), "\(winner.reason)")
        #expect(enabled.steps.last?.source == .default && enabled.steps.last?.reason.hasPrefix("not used") == true)
        #if PIGGYCARDS_ENABLED
        // CTX's live 300 bp against PiggyCards' row (100 bp, not signed in).
        #expect(winner.reason.contains("CTX ranks first with the highest discount (300 bp against 100 bp for PiggyCards)"))
        #expect(enabled.steps[1].place == "PiggyCards offer, ranked 2 of 2" && enabled.steps[1].value == "true")
        #expect(enabled.steps[1].reason.contains("its discount (100 bp) is below CTX's (300 bp)"), "\(enabled.steps[1])")
        #else
        #expect(winner.reason.contains("CTX is the only provider offered"), "\(winner.reason)")
        #endif
    }

    @Test("A Dash merchant's enabled is the merchant row's active, and says so")
    func dashMerchantEnabled() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-dash", policy: .cacheOnly)
        let enabled = try merchantEnabled(merchant)
        #expect(enabled.steps.map(\.source) == [.local, .default])
        let winner = try #require(enabled.winner)
        #expect(winner.place == "merchant.active" && winner.value == "false")
        #expect(winner.reason.contains("a Dash merchant has no gift-card offer"), "\(winner.reason)")
        #expect(enabled.steps[1].reason == "not used: the local value above wins")
    }

    #if PIGGYCARDS_ENABLED
    @Test("PiggyCards first on a tie; a live false says why (out of stock, no cards, only disabled Xbox cards)")
    func piggyCardsRanksFirstOnATieAndSaysWhyDisabled() async throws {
        let fixture = try ServiceFixture()
        let tie = try await fixture.service().resolve(merchantId: "m-tie", policy: .cacheOnly)
        let ranked = try #require(try merchantEnabled(tie).winner)
        #expect(ranked.place == "PiggyCards offer, ranked 1 of 2")
        #expect(
            ranked.reason.contains("its discount ties with CTX's (200 bp) and PiggyCards comes first on a tie"),
            "\(ranked.reason)")

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
            #expect(offer.winner?.value == "false" && offer.winner?.source == .live)
            #expect(offer.winner?.reason.hasPrefix("used: \(why)") == true, "\(offer)")
            let top = try #require(try merchantEnabled(merchant).winner)
            #expect(top.value == "false" && top.reason.contains(why), "\(top.reason)")
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
            #expect(field.steps.allSatisfy { $0.value == nil && $0.reason.contains("not offered in RU") })
        }
    }
}
