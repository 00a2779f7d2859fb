/// A merchant with its provider offers, as the explore database has them.
public struct ExploreMerchant: Sendable, Hashable {
    /// The merchant's own row.
    public let merchant: MerchantRecord
    /// Its offers from providers compiled into this build, in the file's order (the apps' default order).
    public let providers: [ProviderRecord]
}
