public import DashSpendCore

/// One provider offer of a merchant as the explore database stores it (a `gift_card_providers` row, or on
/// v1–v3 files a synthetic CTX row built from the merchant, whose own fields are then nil so that the
/// resolution falls through to the merchant row).
public struct ProviderRecord: Sendable, Hashable {
    /// The provider, when this build includes it.
    public let provider: GiftCardProvider
    /// The id to send to the provider's API (a CTX UUID, a PiggyCards brand id), read as text.
    public let sourceId: String
    /// `gift_card_providers.active`.
    public let active: Bool?
    /// `gift_card_providers.savingsPercentage`, basis points.
    public let savingsPercentage: Int?
    /// `gift_card_providers.denominationsType`.
    public let denominationsType: DenominationsType?
    /// `gift_card_providers.redeemType`, trimmed and lowercased.
    public let redeemType: String?
    /// The card values, from a `gift_card_providers.denominationValues` column: the wallets' files have no
    /// such column (only live answers know the values), the built-in sample has one with invented values
    /// (`25, 50, 100` for fixed values, `5..500` for a range; see ``Denominations/init(listed:)``). Nil
    /// without the column, or for a value that cannot be read.
    public let denominationValues: Denominations?
    /// Whether the row was built from the merchant row of a v1–v3 file.
    public let isSynthetic: Bool

    /// Creates a record.
    public init(
        provider: GiftCardProvider, sourceId: String, active: Bool?, savingsPercentage: Int?,
        denominationsType: DenominationsType?, redeemType: String?, isSynthetic: Bool = false,
        denominationValues: Denominations? = nil
    ) {
        self.provider = provider
        self.sourceId = sourceId
        self.active = active
        self.savingsPercentage = savingsPercentage
        self.denominationsType = denominationsType
        self.redeemType = redeemType
        self.isSynthetic = isSynthetic
        self.denominationValues = denominationValues
    }
}
