/// A page of search results.
public struct MerchantSearchPage: Sendable, Hashable {
    /// The merchants, one per `merchantId`, in the requested order.
    public let merchants: [MerchantSummary]
    /// The offset asked for.
    public let offset: Int
    /// The page size asked for.
    public let limit: Int
    /// How many merchants match in all, on every page.
    public let total: Int
    /// When the search's text matched no merchant at all: the merchants whose names are closest to it, best
    /// first (at most three; possibly none). Empty whenever something matched, and for a search without text.
    public package(set) var suggestions: [MerchantCandidate] = []

    /// Creates a page.
    public init(merchants: [MerchantSummary], offset: Int, limit: Int, total: Int) {
        self.merchants = merchants
        self.offset = offset
        self.limit = limit
        self.total = total
    }
}
