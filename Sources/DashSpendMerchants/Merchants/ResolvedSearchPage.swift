public import DashSpendExplore

/// A page of search results whose every merchant was resolved through the merchant service, so that a list
/// can show live discounts and availability with their source.
public struct ResolvedSearchPage: Sendable {
    /// The page as the explore database answered it.
    public let page: MerchantSearchPage
    /// One row per merchant of ``page``, in its order.
    public let rows: [ResolvedSearchRow]

    /// Creates a page.
    public init(page: MerchantSearchPage, rows: [ResolvedSearchRow]) {
        self.page = page
        self.rows = rows
    }
}
