#if !PIGGYCARDS_ENABLED
import DashSpendCore
import Testing

@Suite("The provider enum in a build without PiggyCards")
struct ProviderEnumWithoutPiggyCardsTests {
    @Test("CTX alone; PiggyCards names are unknown")
    func cases() {
        #expect(GiftCardProvider.allCases == [.ctx])
        #expect(GiftCardProvider(id: "piggycards") == nil)
        #expect(GiftCardProvider(databaseName: "PiggyCards") == nil)
        #expect(GiftCardProvider.compiledDatabaseNames == ["ctx", "ctxspend"])
    }
}
#endif
