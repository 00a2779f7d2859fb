public import DashSpendExplore
public import DashSpendSetup

/// One merchant of a page of search results with its offers resolved, or why they could not be.
public struct ResolvedSearchRow: Sendable {
    /// The merchant as the search listed it (the explore database's values).
    public let summary: MerchantSummary
    /// The merchant resolved under the search's policy, or the failure of that resolution alone (the other
    /// rows of the page are not affected).
    public let outcome: Result<ResolvedMerchant, DashSpendFailure>

    /// Creates a row.
    public init(summary: MerchantSummary, outcome: Result<ResolvedMerchant, DashSpendFailure>) {
        self.summary = summary
        self.outcome = outcome
    }

    /// The resolved merchant, when its resolution succeeded.
    public var resolved: ResolvedMerchant? {
        if case .success(let merchant) = outcome { return merchant }
        return nil
    }

    /// Why the merchant could not be resolved, when it could not.
    public var failure: DashSpendFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }
}
