#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProviderInfo {
    /// CTX ("DashSpend" by CTX).
    public static let ctx = ProviderInfo(
        displayName: "CTX",
        databaseName: "CTX",
        databaseNames: ["CTX", "CTXSpend"],
        serviceTag: "ctxspend",
        termsURL: URL(string: "https://ctx.com/gift-card-agreement/")!,
        supportEmail: "support@ctx.com",
        baseURLs: [
            .mainnet: URL(string: "https://spend.ctx.com/")!,
            .testnet: URL(string: "https://staging.spend.ctx.com/")!,
        ],
        cardCountries: ["US"],  // US cards only, as the wallets say
        tieBreakRank: 1,
        offerMaxAge: 30,  // a merchant's answer stays fresh for 30 s; no exchange rate (exchangeRateMaxAge nil)
        findsOrdersByTransaction: true  // GET gift-cards?txid=; one card per order (severalCardsPerOrder false)
    )
}
