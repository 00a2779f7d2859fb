#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The facts about one gift-card provider, kept as data so that code does not switch over providers.
public struct ProviderInfo: Sendable, Hashable {
    /// The name shown to people and used in JSON (`CTX`, `PiggyCards`).
    public let displayName: String
    /// The canonical name in the explore database (`gift_card_providers.provider`).
    public let databaseName: String
    /// Every spelling of the provider in explore databases, lowercased (v3 files say `CTXSpend`).
    public let databaseNames: [String]
    /// The service tag used to file credentials (`ctxspend`, `piggycards`).
    public let serviceTag: String
    /// The provider's terms of use.
    public let termsURL: URL
    /// Where users write for help.
    public let supportEmail: String
    /// The API base URL for each network.
    public let baseURLs: [DashSpendNetwork: URL]
    /// When set, the provider is not offered to users in these ISO 3166-1 alpha-2 countries.
    public let blockedCountries: Set<String>
    /// Where the provider's gift cards can be spent: ISO 3166-1 alpha-2 codes, sorted. Both providers sell
    /// cards of US merchants in US dollars that work only in the United States (`["US"]`), which the wallets
    /// tell the buyer; say it with ``CountryName/english(_:)``.
    public let cardCountries: [String]
    /// How a live answer from this provider must be ranked against another on equal discount:
    /// lower wins (the iOS rule puts PiggyCards first on a tie).
    public let tieBreakRank: Int
    /// Seconds a stored answer of this provider about a merchant stays fresh: a cache-first lookup uses it
    /// without asking the provider while it is younger than this.
    public let offerMaxAge: Double

    /// Seconds a stored exchange rate of this provider stays fresh: a cache-first ask uses it without asking
    /// the provider while it is younger than this. Nil for a provider without an exchange-rate endpoint
    /// (CTX prices in fiat and sends no rate), for which asking fails as unsupported.
    public let exchangeRateMaxAge: Double?

    /// Whether one order may hold several cards (several values, several of each), paid by one payment
    /// (PiggyCards, as both wallets buy from it). False: one card per order (CTX).
    public let severalCardsPerOrder: Bool

    /// The largest total value one order may have, in the provider's currency (PiggyCards: 2,500 USD), when
    /// the provider caps it; a larger order is refused before anything is sent.
    public let maximumOrderTotal: Decimal?

    /// Whether the provider finds an order by the Dash transaction that paid it (CTX `gift-cards?txid=`):
    /// a payment recorded for an order whose create answer was lost then finds it.
    public let findsOrdersByTransaction: Bool

    /// Creates a provider description.
    public init(
        displayName: String, databaseName: String, databaseNames: [String], serviceTag: String,
        termsURL: URL, supportEmail: String, baseURLs: [DashSpendNetwork: URL],
        blockedCountries: Set<String> = [], cardCountries: [String] = ["US"], tieBreakRank: Int,
        offerMaxAge: Double = 30, exchangeRateMaxAge: Double? = nil, severalCardsPerOrder: Bool = false,
        maximumOrderTotal: Decimal? = nil, findsOrdersByTransaction: Bool = false
    ) {
        self.displayName = displayName
        self.databaseName = databaseName
        self.databaseNames = databaseNames.map { $0.lowercased() }
        self.serviceTag = serviceTag
        self.termsURL = termsURL
        self.supportEmail = supportEmail
        self.baseURLs = baseURLs
        self.blockedCountries = blockedCountries
        self.cardCountries = Array(Set(cardCountries.map { $0.uppercased() })).sorted()
        self.tieBreakRank = tieBreakRank
        self.offerMaxAge = offerMaxAge
        self.exchangeRateMaxAge = exchangeRateMaxAge
        self.severalCardsPerOrder = severalCardsPerOrder
        self.maximumOrderTotal = maximumOrderTotal
        self.findsOrdersByTransaction = findsOrdersByTransaction
    }

    /// Whether the provider's cards work in `country` (an ISO 3166-1 alpha-2 code, any case): nil when the
    /// country is unknown (nil or blank).
    public func cardsWork(in country: String?) -> Bool? {
        guard let code = country?.trimmedWhitespace.uppercased(), !code.isEmpty else { return nil }
        return cardCountries.contains(code)
    }

    /// The API base URL for `network`.
    public func baseURL(for network: DashSpendNetwork) -> URL {
        baseURLs[network] ?? baseURLs[.mainnet]!
    }
}
