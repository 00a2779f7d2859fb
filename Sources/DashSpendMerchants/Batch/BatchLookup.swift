public import DashSpendSetup

/// One input of a batch lookup (``DashSpendClient/merchants(_:policy:window:)``) and what it resolved to.
public struct BatchLookup: Sendable {
    /// The input as given: a merchant id or an exact name.
    public let input: String
    /// The merchant with every offer resolved, or why it could not be (the same failure
    /// ``DashSpendClient/merchant(_:policy:)`` throws for that input).
    public let result: Result<ResolvedMerchant, DashSpendFailure>

    /// A lookup of `input` and its result.
    public init(input: String, result: Result<ResolvedMerchant, DashSpendFailure>) {
        self.input = input
        self.result = result
    }
}
