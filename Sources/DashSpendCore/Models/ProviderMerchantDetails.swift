#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider's live answer about one merchant, mapped to the fields the resolution chain needs.
///
/// Every field is optional: a field the provider did not send (or sent unreadably) is nil, and the chain
/// falls through to the next source for that field alone.
public struct ProviderMerchantDetails: Sendable, Hashable, Codable {
    /// The provider that answered.
    public let provider: GiftCardProvider
    /// The provider's id for the merchant (CTX UUID, PiggyCards brand id).
    public let sourceId: String
    /// The merchant's name at the provider.
    public let name: String?
    /// Whether the provider sells the card now.
    public let enabled: Bool?
    /// The user's saving in basis points (1 = 0.01 %); negative is a fee.
    public let discountBasisPoints: Int?
    /// Fixed values or a range.
    public let denominationsType: DenominationsType?
    /// The card values (fixed) or `[min, max]` (flexible), when the provider sent them.
    public let denominations: Denominations?
    /// When the answer arrived.
    public let fetchedAt: Date

    /// Creates a live answer.
    public init(
        provider: GiftCardProvider, sourceId: String, name: String? = nil, enabled: Bool?,
        discountBasisPoints: Int?, denominationsType: DenominationsType?, denominations: Denominations?,
        fetchedAt: Date
    ) {
        self.provider = provider
        self.sourceId = sourceId
        self.name = name
        self.enabled = enabled
        self.discountBasisPoints = discountBasisPoints
        self.denominationsType = denominationsType
        self.denominations = denominations
        self.fetchedAt = fetchedAt
    }
}

extension ProviderMerchantDetails {
    /// The same answer filed under `sourceId` (the id it was asked for, which a provider may spell
    /// differently in its answer).
    public func filed(as sourceId: String) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: provider, sourceId: sourceId, name: name, enabled: enabled,
            discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
            denominations: denominations, fetchedAt: fetchedAt)
    }
}
