/// The answer to "which merchant is this id?".
public enum MerchantLookupResult: Sendable, Hashable {
    /// The merchant, with the offers this build can sell.
    case found(ExploreMerchant)
    /// The merchant exists but is sold only through providers this build does not include
    /// (their database names, e.g. `PiggyCards`).
    case soldOnlyThroughUnavailableProviders([String])
    /// No merchant with that id.
    case notFound
}
