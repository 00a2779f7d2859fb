#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What to buy from one provider: a card of `amount` for the merchant the provider calls `sourceId`.
public struct PurchaseRequest: Sendable, Hashable {
    /// The provider's id for the merchant (CTX merchant UUID, PiggyCards brand id).
    public var sourceId: String
    /// The card's value.
    public var amount: Decimal
    /// The card's currency.
    public var currency: String
    /// The provider's product chosen for the amount (PiggyCards' gift card id), when the provider has several.
    public var productId: String?

    /// Creates a request.
    public init(sourceId: String, amount: Decimal, currency: String = "USD", productId: String? = nil) {
        self.sourceId = sourceId
        self.amount = amount
        self.currency = currency
        self.productId = productId
    }
}
