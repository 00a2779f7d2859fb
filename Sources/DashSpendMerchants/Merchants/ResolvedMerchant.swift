public import DashSpendCore
public import DashSpendExplore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A merchant with its offers resolved and ranked: best discount first, PiggyCards first on a tie.
public struct ResolvedMerchant: Sendable {
    /// The merchant as the explore database describes it.
    public let merchant: MerchantRecord
    /// Whether the merchant can be used now: its first offer's `enabled`, or for Dash merchants the
    /// database's `active`.
    public let enabled: Resolved<Bool>
    /// The offers, ranked. The first is the default.
    public let offers: [ResolvedOffer]
    /// The service's clock when the merchant was resolved: the age of a live or stored value is this minus
    /// its `fetchedAt`.
    public let resolvedAt: Date
    /// The user's country (an ISO 3166-1 alpha-2 code) the providers were filtered by; nil when unknown,
    /// in which case no provider is hidden (the apps fail open).
    public let country: String?
    /// The explanation of the providers hidden in ``country``.
    let hiddenExplanation: [ExplainedField]

    /// Creates a resolved merchant.
    init(
        merchant: MerchantRecord, enabled: Resolved<Bool>, offers: [ResolvedOffer], resolvedAt: Date,
        country: String?, hiddenExplanation: [ExplainedField] = []
    ) {
        self.merchant = merchant
        self.enabled = enabled
        self.offers = offers
        self.resolvedAt = resolvedAt
        self.country = country
        self.hiddenExplanation = hiddenExplanation
    }

    /// First the merchant's own ``enabled`` (which offer ranks first and why, or the merchant row's
    /// `active`; see ``enabledExplanation``), then for each provider (in rank order, then those hidden in the
    /// country) and each field, the whole chain: every source down to the default, its value or why it has
    /// none, and the winner.
    public var explanation: [ExplainedField] { [enabledExplanation] + offers.flatMap(\.explanation) + hiddenExplanation }

    /// Whether knowing the user's country could change this answer: the country is unknown (``country``
    /// is nil, so nothing was hidden) and an offer comes from a provider that is not offered in some
    /// countries (`ProviderInfo.blockedCountries`). False for a merchant paid in Dash, and for one whose
    /// providers are offered everywhere.
    package var countryCouldHideOffers: Bool {
        country == nil && offers.contains { !$0.provider.info.blockedCountries.isEmpty }
    }

    /// Where the merchant's gift cards can be spent: the ISO 3166-1 alpha-2 codes of its offers' providers
    /// (`ProviderInfo.cardCountries`), sorted; `["US"]` for every merchant sold as a card today, as the
    /// wallets tell their users. Empty for a merchant paid in Dash (nothing to redeem).
    public var cardCountries: [String] {
        Array(Set(offers.flatMap(\.provider.info.cardCountries))).sorted()
    }

    /// Whether the merchant's cards work in the user's ``country``: nil when the country is unknown or the
    /// merchant sells no cards; false when no offer's cards work there.
    public var cardsWorkInCountry: Bool? {
        guard let country, !offers.isEmpty else { return nil }
        return offers.contains { $0.provider.info.cardsWork(in: country) == true }
    }

    /// Seconds between `fetchedAt` and ``resolvedAt`` (never negative).
    public func age(of fetchedAt: Date) -> Double { max(0, resolvedAt.timeIntervalSince(fetchedAt)) }
}
