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
    /// Where the order stands, read through the provider's ``OrderStatusTable``: ``OrderStatus/unknown``
    /// when ``providerStatus`` is a word the table does not have.
    public var status: OrderStatus
    /// The status word as the provider sent it, when it sent one.
    public var providerStatus: String?
    /// The `dash:` payment URI as the provider sent it (CTX `paymentUrls["DASH.DASH"]`, PiggyCards `payTo`);
    /// nil when it sent none.
    public var paymentURI: String?
    /// The payment, when ``paymentURI`` is a payable `dash:` URI for the network.
    public var payment: DashPaymentURI?
    /// How much Dash to pay, from the payment URI or the provider's own field.
    public var dashAmount: Decimal?
    /// The card's value, when the provider says (CTX `cardFiatAmount`).
    public var fiatAmount: Decimal?
    /// The card's currency, when the provider says (CTX `cardFiatCurrency`).
    public var fiatCurrency: String?
    /// What the order costs in fiat, when the provider says (CTX `paymentFiatAmount`).
    public var paymentFiatAmount: Decimal?
    /// The fiat price of one DASH the provider used, when it says (CTX `rate`).
    public var dashRate: Decimal?
    /// When the provider expects to deliver, as it wrote it (PiggyCards `deliveryTime` or `delivery_time`).
    public var deliveryTime: String?
    /// The merchant's name at the provider, when it says.
    public var merchantName: String?
    /// The delivered cards (empty until fulfilled).
    public var cards: [DeliveredCard]
    /// The provider's note about the order or its payment, if any.
    public var message: String?

    /// Creates an order.
    public init(
        provider: GiftCardProvider, id: String, status: OrderStatus, providerStatus: String? = nil,
        paymentURI: String? = nil, payment: DashPaymentURI? = nil, dashAmount: Decimal? = nil,
        fiatAmount: Decimal? = nil, fiatCurrency: String? = nil, paymentFiatAmount: Decimal? = nil,
        dashRate: Decimal? = nil, deliveryTime: String? = nil, merchantName: String? = nil,
        cards: [DeliveredCard] = [], message: String? = nil
    ) {
        self.provider = provider
        self.id = id
        self.status = status
        self.providerStatus = providerStatus
        self.paymentURI = paymentURI
        self.payment = payment
        self.dashAmount = dashAmount ?? payment?.amount
        self.fiatAmount = fiatAmount
        self.fiatCurrency = fiatCurrency
        self.paymentFiatAmount = paymentFiatAmount
        self.dashRate = dashRate
        self.deliveryTime = deliveryTime
        self.merchantName = merchantName
        self.cards = cards
        self.message = message
    }
}
