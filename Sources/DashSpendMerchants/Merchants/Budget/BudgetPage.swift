import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What an amount of Dash buys (``DashSpendClient/budget(_:search:policy:rate:currency:)``): the amount in
/// money at a rate, and the merchants of one page of a search whose cards fit it.
public struct BudgetPage: Sendable {
    /// The budget in DASH.
    public let dash: Decimal
    /// The rate it was turned into money with.
    public let rate: BudgetRate
    /// The budget in the rate's currency, to the cent (rounded down).
    public let fiat: Decimal
    /// The merchants of ``page`` with at least one card that fits, in the page's order.
    public let merchants: [BudgetMerchant]
    /// The page searched, every merchant resolved (a merchant that could not be resolved carries its failure).
    public let page: ResolvedSearchPage

    /// Creates a page.
    public init(dash: Decimal, rate: BudgetRate, fiat: Decimal, merchants: [BudgetMerchant], page: ResolvedSearchPage) {
        self.dash = dash
        self.rate = rate
        self.fiat = fiat
        self.merchants = merchants
        self.page = page
    }
}
