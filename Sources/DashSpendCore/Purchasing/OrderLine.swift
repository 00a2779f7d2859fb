#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One line of an order: `quantity` cards of `amount` each, of the provider's product `productId`. An order
/// of one card has one line of quantity 1; a provider that takes several cards in one order (PiggyCards:
/// ``ProviderInfo/severalCardsPerOrder``) takes several lines, paid by one payment.
public struct OrderLine: Sendable, Hashable {
    /// The value of each card of the line.
    public var amount: Decimal
    /// How many cards of that value (at least 1).
    public var quantity: Int
    /// The provider's product ordered for the line (PiggyCards' gift card id), when the provider has several.
    public var productId: String?

    /// Creates a line.
    public init(amount: Decimal, quantity: Int = 1, productId: String? = nil) {
        self.amount = amount
        self.quantity = quantity
        self.productId = productId
    }

    /// What the line's cards are worth together: `amount × quantity`.
    public var total: Decimal { amount * Decimal(quantity) }
}
