public import DashSpendCore

extension ExplainedStep {
    /// A source's value for a field, typed by the field (``ExplainedField/Field``).
    public enum Value: Sendable, Hashable {
        /// Whether the card can be bought now (``ExplainedField/Field/enabled``).
        case enabled(Bool)
        /// The discount in basis points (``ExplainedField/Field/discount``).
        case discount(basisPoints: Int)
        /// Fixed values or a range (``ExplainedField/Field/denominationsType``).
        case denominationsType(DenominationsType)
        /// The card values, or the range's ends (``ExplainedField/Field/denominations``).
        case denominations(Denominations)
    }
}
