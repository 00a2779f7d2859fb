#if PIGGYCARDS_ENABLED
import DashSpendCore
@testable import DashSpendPiggyCards
import Foundation
import Testing

/// PiggyCards answers pass the same plausibility rules as CTX's (``OfferPlausibility``).
@Suite("PiggyCards: absurd values are missing")
struct PiggyCardsPlausibilityTests {
    private func card(_ type: String, discount: String = "4", denomination: String = "25", min: String = "5", max: String = "100")
        -> PiggyCardsGiftcard
    {
        PiggyCardsGiftcard(
            json: .object([
                "name": .string("Card"), "price_type": .string(type), "quantity": .number(3),
                "discount_percentage": .string(discount), "denomination": .string(denomination),
                "min_denomination": .string(min), "max_denomination": .string(max), "brand_id": .number(9),
            ]))!
    }

    private func details(_ card: PiggyCardsGiftcard) -> ProviderMerchantDetails {
        PiggyCardsOffer(cards: [card]).details(brandId: "9", name: "Card", fetchedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aFeeOfAHundredPercentOrMoreIsMissing() {
        // -99 % minus the 1.5 % service fee is -100.5 %: not an offer.
        let answer = details(card("Fixed", discount: "-99"))
        #expect(answer.discountBasisPoints == nil)
        #expect(answer.implausibleFields.map(\.field) == ["discount"])
        #expect(details(card("Fixed", discount: "-98")).discountBasisPoints == -9_950)
    }

    @Test(arguments: ["20000", "12.345", "25,10000.5"])
    func anAbsurdCardValueDropsTheValues(_ denomination: String) {
        let answer = details(card("Fixed", denomination: denomination))
        #expect(answer.denominations == nil, "\(denomination)")
        #expect(answer.denominationsType == .fixed)
        #expect(answer.discountBasisPoints == 250, "the other fields stay")
    }

    @Test(arguments: [("0", "100"), ("5", "50000"), ("5", "99.999")])
    func anAbsurdRangeIsMissing(_ minimum: String, _ maximum: String) {
        let answer = details(card("Range", min: minimum, max: maximum))
        #expect(answer.denominations == nil, "\(minimum)-\(maximum)")
        #expect(answer.denominationsType == .flexible)
    }
}
#endif
