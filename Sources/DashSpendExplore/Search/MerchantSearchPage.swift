/// A page of search results.
public struct MerchantSearchPage: Sendable, Hashable {
    /// The merchants, one per `merchantId`, in the requested order.
    public let merchants: [MerchantSummary]
    /// The offset asked for.
    public let offset: Int
    /// The page size asked for.
    public let limit: Int
}
