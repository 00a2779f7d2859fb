public import DashSpendCore

/// One provider's offer for a merchant, every field resolved through its fallback chain
/// (live → cached → local → default) and carrying the source it came from.
public struct ResolvedOffer: Sendable {
    /// The provider.
    public let provider: GiftCardProvider
    /// The id the provider's API knows the merchant by.
    public let sourceId: String
    /// Whether the card can be bought now.
    public let enabled: Resolved<Bool>
    /// The user's saving in basis points; negative is a fee.
    public let discountBasisPoints: Resolved<Int>
    /// The amounts the card comes in. The source is that of the values; see ``denominationsTypeSource``.
    public let denominations: Resolved<Denominations>
    /// Where the denominations *type* came from (a live answer may give the type without values).
    public let denominationsTypeSource: ValueSource
    /// Why no live answer was used, when the network was tried and failed (or the user is not signed in):
    /// the failure is reported with the result, the values falling back to the stored answer.
    public let liveError: DashSpendError?
    /// What the offer was resolved from, for ``explanation``.
    let inputs: OfferResolver.Inputs
    /// The provider's live answer the offer was resolved from, if it was asked and answered: a purchase chooses
    /// its product from it, so the provider is not asked twice in one buy.
    package var liveAnswer: ProviderMerchantDetails? { inputs.live }

    /// Every field's whole chain: each source's value or why it has none, and the winner (see
    /// ``ExplainedField``). Built on demand from what the lookup used.
    public var explanation: [ExplainedField] { OfferResolver.explain(inputs) }
}
