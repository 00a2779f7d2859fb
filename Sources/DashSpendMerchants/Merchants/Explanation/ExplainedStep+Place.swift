public import DashSpendCore

extension ExplainedStep {
    /// Where in its source a step's value is.
    public enum Place: Sendable, Hashable {
        /// The provider's answer (the live source).
        case answer(GiftCardProvider)
        /// The state database, where live answers are stored (the cached source).
        case stateDatabase
        /// A column of the explore database, as `table.column` (`gift_card_providers.active`,
        /// `merchant.savingsPercentage`).
        case column(String)
        /// The explore database's denomination values: the wallets' files keep only their type, never the values
        /// (a file with a `denominationValues` column, the built-in sample, names that column instead).
        case denominationValues
        /// For the merchant's top line: a provider's offer, its rank (from 1) among `count` offers.
        case offer(GiftCardProvider, rank: Int, count: Int)
    }
}
