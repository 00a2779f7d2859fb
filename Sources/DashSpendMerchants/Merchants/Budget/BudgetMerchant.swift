public import DashSpendExplore

/// A merchant whose cards fit a budget: the largest card of each offer that does, in the offers' rank order.
public struct BudgetMerchant: Sendable {
    /// The merchant as the search listed it.
    public let summary: MerchantSummary
    /// The merchant resolved under the budget's policy (the source of each value is there).
    public let resolved: ResolvedMerchant
    /// The largest card of each offer that fits, in the offers' rank order (best discount first); never empty.
    public let cards: [BudgetCard]

    /// Creates a merchant.
    public init(summary: MerchantSummary, resolved: ResolvedMerchant, cards: [BudgetCard]) {
        self.summary = summary
        self.resolved = resolved
        self.cards = cards
    }

    /// The card that gives the most for the budget: the largest value (on a tie, the better-ranked offer).
    public var best: BudgetCard {
        cards.dropFirst().reduce(cards[0]) { best, card in card.value > best.value ? card : best }
    }
}
