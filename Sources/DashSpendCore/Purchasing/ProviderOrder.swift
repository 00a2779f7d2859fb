#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An order as its provider reports it: when created, and on every status call.
public struct ProviderOrder: Sendable, Hashable {
    /// The provider.
    public var provider: GiftCardProvider
    /// The provider's order id.
    public var id: String
    /// Where the order stands.
    public var status: OrderStatus
    /// The `dash:` payment URI as the provider sent it (CTX `paymentUrls["DASH.DASH"]`, PiggyCards `payTo`);
    /// nil when it sent none.
    public var paymentURI: String?
    /// The payment, when ``paymentURI`` is a payable `dash:` URI for the network.
    public var payment: DashPaymentURI?
    /// How much Dash to pay, from the payment URI or the provider's own field.
    public var dashAmount: Decimal?
    /// The card's value, when the provider says.
    public var fiatAmount: Decimal?
    /// The merchant's name at the provider, when it says.
    public var merchantName: String?
    /// The delivered cards (empty until fulfilled).
    public var cards: [DeliveredCard]
    /// The provider's note about the order or its payment, if any.
    public var message: String?

    /// Creates an order.
    public init(
        provider: GiftCardProvider, id: String, status: OrderStatus, paymentURI: String? = nil,
        payment: DashPaymentURI? = nil, dashAmount: Decimal? = nil, fiatAmount: Decimal? = nil,
        merchantName: String? = nil, cards: [DeliveredCard] = [], message: String? = nil
    ) {
        self.provider = provider
        self.id = id
        self.status = status
        self.paymentURI = paymentURI
        self.payment = payment
        self.dashAmount = dashAmount ?? payment?.amount
        self.fiatAmount = fiatAmount
        self.merchantName = merchantName
        self.cards = cards
        self.message = message
    }
}
