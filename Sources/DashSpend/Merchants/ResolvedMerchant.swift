import DashSpendCore
import DashSpendExplore

/// A merchant with its offers resolved and ranked: best discount first, PiggyCards first on a tie.
public struct ResolvedMerchant: Sendable {
    /// The merchant as the explore database describes it.
    public let merchant: MerchantRecord
    /// Whether the merchant can be used now: its first offer's `enabled`, or for Dash merchants the
    /// database's `active`.
    public let enabled: Resolved<Bool>
    /// The offers, ranked. The first is the default.
    public let offers: [ResolvedOffer]
}
