public import DashSpendCore

/// How one field of one provider's offer was resolved: every source of its chain in order, down to the
/// default (even those below the winner), each with its value or why it has none, and the winner. What a
/// support person reads to answer "why does it say disabled?" (`merchant-lookup show --explain` words it);
/// every part is typed (``ExplainedStep/Outcome``), so an app can branch on it or word it in its own language.
///
/// The merchant's own top-line `enabled` is explained too, with ``provider`` nil: its steps are the ranked
/// offers (the first one's value is used, and why it ranks first), or for a merchant without offers the
/// merchant row's `active` and the default.
public struct ExplainedField: Sendable, Hashable {
    /// The fields of an offer that are resolved through a chain.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// Whether the card can be bought now.
        case enabled
        /// The discount, in basis points.
        case discount
        /// Fixed values or a range.
        case denominationsType
        /// The card values, or the range's ends.
        case denominations
    }

    /// The provider whose offer this is; nil for the merchant's own top-line field.
    public let provider: GiftCardProvider?
    /// The id the provider knows the merchant by (the merchant id when ``provider`` is nil).
    public let sourceId: String
    /// The field.
    public let field: Field
    /// Every source, best first.
    public let steps: [ExplainedStep]
    /// The index in ``steps`` of the source whose value is used (the one step whose outcome is
    /// ``ExplainedStep/Outcome/used``); nil when the provider is not offered at all (hidden in the user's
    /// country).
    public let winnerIndex: Int?

    /// Creates an explanation.
    public init(provider: GiftCardProvider?, sourceId: String, field: Field, steps: [ExplainedStep], winnerIndex: Int?) {
        self.provider = provider
        self.sourceId = sourceId
        self.field = field
        self.steps = steps
        self.winnerIndex = winnerIndex
    }

    /// The step whose value is used.
    public var winner: ExplainedStep? { winnerIndex.map { steps[$0] } }
}
