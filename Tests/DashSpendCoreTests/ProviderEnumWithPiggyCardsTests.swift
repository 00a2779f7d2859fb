#if PIGGYCARDS_ENABLED
import DashSpendCore
import Testing

@Suite("The provider enum in a build with PiggyCards")
struct ProviderEnumWithPiggyCardsTests {
    @Test("CTX then PiggyCards, with PiggyCards' facts")
    func cases() {
        #expect(GiftCardProvider.allCases == [.ctx, .piggyCards])
        #expect(GiftCardProvider(id: "piggycards") == .piggyCards)
        #expect(GiftCardProvider(databaseName: "PiggyCards") == .piggyCards)
        #expect(GiftCardProvider.piggyCards.info.serviceTag == "piggycards")
        #expect(GiftCardProvider.piggyCards.info.blockedCountries == ["RU", "CU"])
        #expect(GiftCardProvider.piggyCards.info.tieBreakRank < GiftCardProvider.ctx.info.tieBreakRank)
    }
}
#endif
