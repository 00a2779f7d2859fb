#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendPiggyCards

@Suite(
    "PiggyCards answers at their edges: a blank brand, brand 174's Xbox cards, an impossible discount, a plain-text out of stock",
    hangGuard(minutes: 2))
struct PiggyCardsAnswerEdgeCaseTests {
    @Test func aBlankBrandIsUnknownBeforeSending() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: " ")
        }
        #expect(error == .unknownMerchant(""))
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test("Brand 174: only its Xbox Live / Xbox Game Pass cards are disabled, even when a card names no brand")
    func brand174DisablesOnlyItsXboxLiveCards() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        func cards(_ name: String) -> String {
            #"{"code":200,"data":[{"id":1,"name":"\#(name)","price_type":"Range","quantity":5,"min_denomination":5,"#
                + #""max_denomination":100,"discount_percentage":"10"}]}"#
        }
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        harness.server.loopback.inject(.respond(status: 200, body: cards("Card")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == true, "another card of brand 174")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Live 12 Months")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == false, "brand 174's Xbox Live card")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Game Pass Ultimate")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == false, "brand 174's Game Pass card")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Live 12 Months")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "175").enabled == true, "an Xbox Live card of brand 175")
    }

    @Test(arguments: ["-92233720368547758.08", "-1e30", "101", "-100.5", "92233720368547758.07"])
    func anImpossibleDiscountIsMissing(_ percent: String) throws {
        let json = try JSONValue.parse(
            Data(#"{"name":"C","price_type":"Range","quantity":1,"discount_percentage":"\#(percent)"}"#.utf8))
        let card = try #require(PiggyCardsGiftcard(json: json))
        #expect(card.discountPercentage == nil)
        #expect(PiggyCardsOffer(cards: [card]).discountBasisPoints == nil)
    }

    @Test func outOfStockInAPlainTextBody() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.loopback.inject(.respond(status: 500, body: "Gift card 5 is out of stock"), path: "/piggycards/orders")
        let order = PiggyCardsOrderRequest(
            items: [PiggyCardsOrderItem(productId: 1, denomination: 25)], recipientEmail: "user@example.com",
            userIP: "127.0.0.1", registeredSince: Date())
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).createOrder(order)
        }
        #expect(error == .outOfStock("Gift card 5 is out of stock"))
    }
}
#endif
