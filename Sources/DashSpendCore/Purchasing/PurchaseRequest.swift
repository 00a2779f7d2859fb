#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What to buy from one provider for the merchant the provider calls `sourceId`: a card of `amount`, or,
/// from a provider that takes several cards in one order (``ProviderInfo/severalCardsPerOrder``), the cards
/// of ``lines``.
public struct PurchaseRequest: Sendable, Hashable {
    /// The provider's id for the merchant (CTX merchant UUID, PiggyCards brand id).
    public var sourceId: String
    /// The card's value; for an order of several cards, what they are worth together (the total of
    /// ``lines``).
    public var amount: Decimal
    /// The card's currency.
    public var currency: String
    /// The provider's product chosen for the amount (PiggyCards' gift card id), when the provider has several;
    /// for an order of several lines, the first line's (each line names its own).
    public var productId: String?
    /// What is ordered, line by line: one line of one card of ``amount`` for a request of one card. A
    /// provider that takes one card per order refuses a request of more than one card before sending it.
    public var lines: [OrderLine]

    /// Creates a request for one card of `amount`.
    public init(sourceId: String, amount: Decimal, currency: String = "USD", productId: String? = nil) {
        self.sourceId = sourceId
        self.amount = amount
        self.currency = currency
        self.productId = productId
        lines = [OrderLine(amount: amount, productId: productId)]
    }

    /// Creates a request for the cards of `lines` (at least one), in one order paid by one payment.
    public init(sourceId: String, lines: [OrderLine], currency: String = "USD") {
        self.sourceId = sourceId
        amount = lines.reduce(Decimal(0)) { $0 + $1.total }
        self.currency = currency
        productId = lines.first?.productId
        self.lines = lines
    }

    /// How many cards are ordered (the lines' quantities added up).
    public var cardCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}
