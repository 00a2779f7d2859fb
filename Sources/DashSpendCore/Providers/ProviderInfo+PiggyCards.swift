#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProviderInfo {
    /// PiggyCards. Hidden for users in Russia and Cuba, as in the wallets.
    public static let piggyCards = ProviderInfo(
        displayName: "PiggyCards",
        databaseName: "PiggyCards",
        databaseNames: ["PiggyCards"],
        serviceTag: "piggycards",
        termsURL: URL(string: "https://piggy.cards/index.php?route=information/information&information_id=5")!,
        supportEmail: "support@piggy.cards",
        baseURLs: [
            .mainnet: URL(string: "https://api.piggy.cards/dash/v1/")!,
            .testnet: URL(string: "https://apidev.piggy.cards/dash/v1/")!,
        ],
        blockedCountries: ["RU", "CU"],
        cardCountries: ["US"],  // US cards only, as the wallets say
        tieBreakRank: 0,
        offerMaxAge: 60,  // a brand's gift cards stay fresh for 60 s
        exchangeRateMaxAge: 60,  // GET exchange-rate stays fresh for 60 s
        severalCardsPerOrder: true,  // POST orders takes a list of lines, one payTo for them all
        maximumOrderTotal: 2_500  // USD, on the order's total
    )
}
#endif
