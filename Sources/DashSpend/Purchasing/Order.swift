public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A gift-card order as this library keeps it in the state database: written before the provider is asked,
/// updated with every answer, and never losing a card once delivered.
public struct Order: Sendable, Hashable {
    /// The local id (a UUID), known before the provider answers; what ``DashSpendClient/order(id:)`` takes.
    public var id: String
    /// The provider.
    public var provider: GiftCardProvider
    /// The provider's order id; nil while ``status`` is `creating` or `unknown`.
    public var providerOrderId: String?
    /// The merchant's id in the explore database.
    public var merchantId: String
    /// The merchant's name.
    public var merchantName: String
    /// The provider's id for the merchant.
    public var sourceId: String
    /// The card's value.
    public var amount: Decimal
    /// The card's currency.
    public var currency: String
    /// Where the order stands.
    public var status: OrderStatus
    /// The `dash:` payment URI.
    public var paymentURI: String?
    /// How much Dash to pay.
    public var dashAmount: Decimal?
    /// The provider's note, or why the order is unknown.
    public var message: String?
    /// The Dash transaction that paid it, when known.
    public var transactionId: String?
    /// The delivered cards.
    public var cards: [DeliveredCard]
    /// When the order was written (before the create request was sent).
    public var createdAt: Date
    /// When the order last changed.
    public var updatedAt: Date
    /// Why this state of the order is not in the state database (the save after the provider's answer
    /// failed), nil when it is. Never stored: it says that what the caller holds is the only copy of the
    /// payment request.
    public var notSaved: String?

    /// Creates an order.
    public init(
        id: String, provider: GiftCardProvider, providerOrderId: String? = nil, merchantId: String, merchantName: String,
        sourceId: String, amount: Decimal, currency: String = "USD", status: OrderStatus, paymentURI: String? = nil,
        dashAmount: Decimal? = nil, message: String? = nil, transactionId: String? = nil, cards: [DeliveredCard] = [],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.provider = provider
        self.providerOrderId = providerOrderId
        self.merchantId = merchantId
        self.merchantName = merchantName
        self.sourceId = sourceId
        self.amount = amount
        self.currency = currency
        self.status = status
        self.paymentURI = paymentURI
        self.dashAmount = dashAmount
        self.message = message
        self.transactionId = transactionId
        self.cards = cards
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// This order updated with the provider's answer: its id, status, payment and note. Cards are replaced
    /// only by an answer that has some: a later answer without them keeps those delivered, and the order
    /// stays fulfilled.
    public func updated(with answer: ProviderOrder, at now: Date) -> Order {
        var order = self
        order.providerOrderId = answer.id
        order.status = answer.status
        order.paymentURI = answer.paymentURI ?? paymentURI
        order.dashAmount = answer.dashAmount ?? dashAmount
        order.message = answer.message
        if !answer.cards.isEmpty { order.cards = answer.cards }
        if !cards.isEmpty && answer.cards.isEmpty { order.status = .fulfilled }
        order.updatedAt = now
        return order
    }
}
