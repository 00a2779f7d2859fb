#if PIGGYCARDS_ENABLED
import DashSpendCore
@testable import DashSpendPiggyCards
import DashSpendTestSupport
import Foundation
import Testing

@Suite("PiggyCards offer rules")
struct PiggyCardsOfferTests {
    private func card(
        _ name: String, _ type: String, quantity: Int, discount: String = "4", denomination: String = "25",
        min: Int = 5, max: Int = 100, brand: Int = 1
    ) -> PiggyCardsGiftcard {
        PiggyCardsGiftcard(
            json: .object([
                "name": .string(name), "price_type": .string(type), "quantity": .number(Decimal(quantity)),
                "discount_percentage": .string(discount), "denomination": .string(denomination),
                "min_denomination": .number(Decimal(min)), "max_denomination": .number(Decimal(max)),
                "brand_id": .number(Decimal(brand)),
            ]))!
    }

    @Test func outOfStockInstantCardIsNotInstant() {
        let offer = PiggyCardsOffer(cards: [
            card("Card (INSTANT DELIVERY)", "Fixed", quantity: 0),
            card("Card range", "Range", quantity: 3, discount: "5"),
        ])
        #expect(offer.denominationsType == .flexible)
        #expect(offer.enabled)
        #expect(offer.discountBasisPoints == 350)
    }

    @Test("A disabled offer says why: no cards, only disabled Xbox cards, out of stock; an enabled one says nothing")
    func disabledReasons() {
        #expect(PiggyCardsOffer(cards: []).disabledReason == "PiggyCards has no gift cards for this brand")
        let xbox = PiggyCardsOffer(cards: [card("Xbox Live 12 Months", "Fixed", quantity: 9, brand: 174)])
        #expect(xbox.enabled == false)
        #expect(xbox.disabledReason?.hasPrefix("PiggyCards has only disabled cards for this brand") == true)
        #expect(xbox.disabledReason?.contains("Xbox Live / Xbox Game Pass") == true, "\(xbox.disabledReason ?? "")")
        let empty = PiggyCardsOffer(cards: [card("A", "Fixed", quantity: 0), card("B", "Range", quantity: 0)])
        #expect(empty.disabledReason == "every PiggyCards card of this brand is out of stock (quantity 0)")
        let range = PiggyCardsOffer(cards: [card("The range", "Range", quantity: 0), card("F", "Fixed", quantity: 2)])
        #expect(range.enabled == false)
        #expect(range.disabledReason == "PiggyCards' Range card \"The range\" is out of stock (quantity 0)")
        #expect(PiggyCardsOffer(cards: [card("F", "Fixed", quantity: 2)]).disabledReason == nil)
        let details = empty.details(brandId: "1", name: nil, fetchedAt: Date(timeIntervalSince1970: 0))
        #expect(details.enabled == false && details.enabledReason == empty.disabledReason)
    }

    @Test func rangeOutOfStockIsDisabledButKeepsItsRange() {
        let offer = PiggyCardsOffer(cards: [card("Range", " range ", quantity: 0, min: 10, max: 200)])
        #expect(offer.enabled == false)
        #expect(offer.denominations == .flexible(minimum: 10, maximum: 200))
    }

    @Test func optionOutOfStockIsDisabled() {
        let offer = PiggyCardsOffer(cards: [card("Opt", "Option", quantity: 0, denomination: "10,20")])
        #expect(offer.enabled == false)
        #expect(offer.denominations == .fixed([10, 20]))
    }

    @Test func fixedCardsAllOutOfStockAreDisabled() {
        let offer = PiggyCardsOffer(cards: [
            card("A", "Fixed", quantity: 0, discount: "2"), card("B", "Fixed", quantity: 0, discount: "3"),
        ])
        #expect(offer.enabled == false)
        #expect(offer.denominations == nil)
        #expect(offer.discountBasisPoints == 150)
    }

    @Test func disabledCardsAreIgnoredEvenWithTheBestDiscount() {
        let offer = PiggyCardsOffer(cards: [
            card("Xbox Live 12 months", "Range", quantity: 9, discount: "20", brand: 174),
            card("Xbox Game Pass Ultimate", "Range", quantity: 9, discount: "20", brand: 174),
            card("Fine", "Fixed", quantity: 1, discount: "2", denomination: "15"),
        ])
        #expect(offer.denominationsType == .fixed)
        #expect(offer.denominations == .fixed([15]))
        #expect(offer.discountBasisPoints == 50)
    }

    @Test("Only BOTH brand 174 AND an Xbox Live / Game Pass name disable a card (case-sensitive)")
    func disabledNeedsBrandAndName() {
        let enabled = [
            card("Anything", "Range", quantity: 9, discount: "20", brand: 174),
            card("Xbox Live 12 months", "Range", quantity: 9, discount: "20", brand: 175),
            card("Xbox Live 12 months", "Range", quantity: 9, discount: "20"),
            card("XBOX LIVE 12 months", "Range", quantity: 9, discount: "20", brand: 174),
        ]
        for one in enabled {
            let offer = PiggyCardsOffer(cards: [one])
            #expect(offer.enabled == true, "\(one.name) of brand \(String(describing: one.brandId))")
            #expect(offer.denominationsType == .flexible)
        }
    }

    @Test func noCardsIsDisabledWithZeroDiscount() {
        let offer = PiggyCardsOffer(cards: [])
        #expect(offer.enabled == false && offer.discountBasisPoints == 0 && offer.denominationsType == .fixed)
    }

    @Test func everyGiftCardFixtureSurvivesLosingAnyCardField() throws {
        for fixture in try ProviderFixtures.files("piggycards/giftcards") {
            let document = try JSONValue.parse(fixture.data)
            let cards = try #require(document["data"]?.array)
            for (index, element) in cards.enumerated() {
                for key in try #require(element.object).keys {
                    var reduced = element.object!
                    reduced[key] = nil
                    var list = cards
                    list[index] = .object(reduced)
                    let parsed = list.compactMap(PiggyCardsGiftcard.init(json:))
                    let context: Comment = "\(fixture.name) card \(index) without \(key)"
                    let offer = PiggyCardsOffer(cards: parsed)
                    // The offer stays coherent: its values are usable and its discount is plausible.
                    if let denominations = offer.denominations {
                        #expect(denominations.type == offer.denominationsType, context)
                        if denominations.type == .flexible {
                            let minimum = try #require(denominations.minimum)
                            let maximum = try #require(denominations.maximum)
                            #expect(minimum >= 0 && minimum <= maximum, context)
                        } else {
                            #expect(!denominations.values.isEmpty && denominations.values.allSatisfy { $0 > 0 }, context)
                        }
                    }
                    if let discount = offer.discountBasisPoints {
                        #expect((-10_150...9_850).contains(discount), context)
                    }
                    // Dropping a field of one card never changes how many cards are read.
                    #expect(parsed.count == cards.count, context)
                }
            }
        }
    }

    @Test func randomByteMutationsNeverCrashTheOffer() throws {
        let fixtures = try ProviderFixtures.files("piggycards/giftcards") + ProviderFixtures.files("piggycards/errors")
        var generator = SplitMix64(seed: 0x0F_FE12)
        var offers = 0
        for index in 0..<3_000 {
            let mutated = ProviderFixtures.mutate(fixtures[index % fixtures.count].data, using: &generator)
            _ = ProviderErrorBody(mutated)
            guard let json = try? JSONValue.parse(mutated), let list = json["data"]?.array else { continue }
            let offer = PiggyCardsOffer(cards: list.compactMap(PiggyCardsGiftcard.init(json:)))
            offers += 1
            if let denominations = offer.denominations, denominations.type == .flexible {
                #expect(denominations.minimum! <= denominations.maximum!, "case \(index)")
            }
        }
        #expect(offers > 300)
    }
}
#endif
