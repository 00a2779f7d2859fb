import DashSpendCore
import Foundation
import Testing

@Suite("Every provider has complete facts and is found by id and database name")
struct ProviderEnumTests {
    @Test(
        "Every provider has complete facts and finds itself by id and database name",
        arguments: GiftCardProvider.allCases)
    func facts(provider: GiftCardProvider) {
        let info = provider.info
        #expect(!info.displayName.isEmpty)
        #expect(info.baseURL(for: .mainnet).scheme == "https")
        #expect(info.baseURL(for: .testnet) != info.baseURL(for: .mainnet))
        #expect(info.supportEmail.contains("@"))
        #expect(GiftCardProvider(id: provider.id) == provider)
        #expect(GiftCardProvider(id: provider.id.uppercased()) == provider)
        #expect(GiftCardProvider(databaseName: info.databaseName) == provider)
    }

    @Test("CTX is always there, by every database spelling")
    func ctx() {
        #expect(GiftCardProvider.allCases.first == .ctx)
        #expect(GiftCardProvider(databaseName: "CTX") == .ctx)
        #expect(GiftCardProvider(databaseName: "CTXSpend") == .ctx, "v3 files say CTXSpend")
        #expect(GiftCardProvider.ctx.info.serviceTag == "ctxspend")
        #expect(GiftCardProvider.ctx.info.baseURL(for: .mainnet).absoluteString == "https://spend.ctx.com/")
        #expect(GiftCardProvider(databaseName: "DCG") == nil)
    }
}
