public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A gift-card order as this library keeps it in the orders database: written before the provider is
/// asked, its facts (payment, amount, provider order id) fixed by the provider's first answer, its status
/// only ever moved forward (`OrderTransition`), and never losing a card once delivered.
public struct Order: Sendable, Hashable {
    /// The local id (a UUID), known before the provider answers; what ``DashSpendClient/order(id:)`` takes.
    public var id: String
    /// The provider's identifier (`ctx`, `piggycards`), kept as text: an order of a provider this build
    /// leaves out is still read and shown.
    public var providerId: String
    /// The provider's order id; nil while ``status`` is `creating` or `unknown` (and for an order refused
    /// because the provider answered with the id of another kept order).
    public var providerOrderId: String?
    /// The merchant's id in the explore database (empty for an order found by its transaction).
    public var merchantId: String
    /// The merchant's name.
    public var merchantName: String
    /// The provider's id for the merchant.
    public var sourceId: String
    /// The card's value; for an order of several cards, what they are worth together (the total of
    /// ``lines``).
    public var amount: Decimal
    /// What was ordered, line by line: one line of one card of ``amount`` for an order of one card (every
    /// order kept before orders had lines reads so). Fixed when the order is written.
    public var lines: [OrderLine]
    /// The card's currency.
    public var currency: String
    /// Where the order stands. `OrderStatus.unknown` when the create answer was lost, or when the
    /// provider's latest word is one this library does not know (``providerStatus`` has it).
    public var status: OrderStatus
    /// The status word as the provider last sent it, when it sent one (`Payment pending`, `expired`, ...).
    public var providerStatus: String?
    /// The last status the provider gave in a word this library knows, when ``status`` is `unknown` because
    /// of a later word it does not know: later answers are held to it, so an order never moves backwards by
    /// way of an unknown word.
    public var lastKnownStatus: OrderStatus?
    /// The `dash:` payment URI, fixed when the order was created; nil for an order that must not be paid.
    public var paymentURI: String?
    /// How much Dash to pay, fixed with ``paymentURI``.
    public var dashAmount: Decimal?
    /// The provider's note, or why the order is unknown or rejected.
    public var message: String?
    /// The Dash transaction that paid it, when known: recorded by the wallet that paid
    /// (``DashSpendClient/recordPayment(orderId:transactionId:)``), or the one the order was found by
    /// (``DashSpendClient/order(transactionId:provider:)``). Recorded once: never cleared, never replaced.
    public var transactionId: String?
    /// When ``transactionId`` was recorded here, when known (nil for an order kept before this was recorded).
    public var transactionRecordedAt: Date?
    /// Whether the order was not placed here but found by the transaction that paid it (another device, a
    /// wallet): its merchant and amount are what the provider said.
    public var foundByTransaction: Bool
    /// When the provider expects to deliver, as it wrote it.
    public var deliveryTime: String?
    /// The delivered cards, in the order they came; for an order of several lines each says its line
    /// (``DeliveredCard/line``, ``cards(inLine:)``).
    public var cards: [DeliveredCard]
    /// Whether the payment was kept without a check against an exchange rate the library trusts (none could
    /// be had when the order was created): the order is not payable until a later ask checks it.
    package var paymentCheckPending: Bool = false
    /// The price of the card asked for (its value less the discount), in ``currency``, when the order was
    /// placed here: what a later check of the payment compares the Dash asked with.
    package var price: Decimal?
    /// When the order was written (before the create request was sent).
    public var createdAt: Date
    /// When the order last changed.
    public var updatedAt: Date
    /// Why this state of the order is not in the orders database (the save after the provider's answer
    /// failed), nil when it is. Never stored: it says that what the caller holds is the only copy of the
    /// payment request.
    public var notSaved: String?
    /// What the caller should tell about this answer, never stored: a provider answer that was refused (it
    /// would have changed the order's facts or moved it backwards), a provider this build leaves out.
    public var notes: [String]
    /// The BIP70 payment request the order is paid through, fetched and checked when the order was created
    /// (its ``paymentURI`` has `r=`); never stored: for an order read back, fetch it again with
    /// ``DashSpendClient/paymentRequest(for:)``.
    public var paymentRequest: DashPaymentRequest?

    /// The BIP72 payment request URL (the `r=` of ``paymentURI``), when the order is paid by payment
    /// request: a wallet that follows it pays through the request (BIP70); Dash sent to the address by hand
    /// may not be credited.
    public var paymentRequestURL: String? { paymentURI.flatMap(DashURI.paymentRequestURL(in:)) }

    /// Creates an order.
    public init(
        id: String, provider: GiftCardProvider, providerOrderId: String? = nil, merchantId: String, merchantName: String,
        sourceId: String, amount: Decimal, currency: String = "USD", status: OrderStatus, paymentURI: String? = nil,
        dashAmount: Decimal? = nil, message: String? = nil, transactionId: String? = nil, cards: [DeliveredCard] = [],
        createdAt: Date, updatedAt: Date
    ) {
        self.init(
            id: id, providerId: provider.id, providerOrderId: providerOrderId, merchantId: merchantId,
            merchantName: merchantName, sourceId: sourceId, amount: amount, currency: currency, status: status,
            paymentURI: paymentURI, dashAmount: dashAmount, message: message, transactionId: transactionId,
            cards: cards, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// Creates an order of the provider whose identifier is `providerId`, compiled into this build or not.
    public init(
        id: String, providerId: String, providerOrderId: String? = nil, merchantId: String, merchantName: String,
        sourceId: String, amount: Decimal, currency: String = "USD", status: OrderStatus, providerStatus: String? = nil,
        lastKnownStatus: OrderStatus? = nil, paymentURI: String? = nil, dashAmount: Decimal? = nil,
        message: String? = nil, transactionId: String? = nil, foundByTransaction: Bool = false,
        deliveryTime: String? = nil, cards: [DeliveredCard] = [], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.providerId = providerId
        self.providerOrderId = providerOrderId
        self.merchantId = merchantId
        self.merchantName = merchantName
        self.sourceId = sourceId
        self.amount = amount
        lines = [OrderLine(amount: amount)]
        self.currency = currency
        self.status = status
        self.providerStatus = providerStatus
        self.lastKnownStatus = lastKnownStatus
        self.paymentURI = paymentURI
        self.dashAmount = dashAmount
        self.message = message
        self.transactionId = transactionId
        transactionRecordedAt = nil
        self.foundByTransaction = foundByTransaction
        self.deliveryTime = deliveryTime
        self.cards = cards
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        notSaved = nil
        notes = []
        paymentRequest = nil
    }

    /// How many cards were ordered (the lines' quantities added up).
    public var cardCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The delivered cards of line `index` (0 for the first line), in the order they came. A card of an
    /// order of one line, or one kept before orders had lines, is the first line's; one that names a line the
    /// order does not have is the nearest line's, so that every card is shown under some line.
    public func cards(inLine index: Int) -> [DeliveredCard] {
        cards.filter { min(max(0, $0.line ?? 0), max(0, lines.count - 1)) == index }
    }

    /// Whether some of the cards ordered were delivered and some are still missing: shown as such, and the
    /// order is asked again until the rest come (cards are only ever added).
    public var isPartiallyDelivered: Bool { !cards.isEmpty && cards.count < cardCount }

    /// The provider, nil when this build leaves it out (an order another build kept).
    public var provider: GiftCardProvider? { GiftCardProvider(id: providerId) }

    /// The provider's name, whether or not this build has it.
    public var providerName: String { GiftCardProvider.displayName(ofId: providerId) }

    /// Whether the order may be paid now: unpaid in a word the library knows, with a `dash:` payment fixed at
    /// creation, and no card delivered. A payment is shown only for such an order.
    /// An order waiting for a check of its payment against an exchange rate, or found by (or recorded with)
    /// the transaction that paid it, is not payable.
    public var isPayable: Bool {
        status == .unpaid && paymentURI != nil && cards.isEmpty && !paymentCheckPending && transactionId == nil
            && !foundByTransaction
    }

    /// Whether a person may have paid, or may pay, for this order while the library cannot say what the
    /// provider did with it: its create answer was lost (`unknown` without a provider id) or it waits for a
    /// payment. Another buy of the same card asks first (`RecentOrderGuard`).
    public var mayBeOutstanding: Bool {
        switch status {
        case .creating: true
        case .unknown: providerOrderId == nil
        case .unpaid: true
        default: false
        }
    }
}
