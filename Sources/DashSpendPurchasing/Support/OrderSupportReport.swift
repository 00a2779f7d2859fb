public import DashSpendCore
package import DashSpendOrders

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a buyer writes to a provider's support about an order, built from the order as kept
/// (``DashSpendClient/supportReport(for:)``): who to write to, a subject, and every fact support asks for —
/// the merchant, the provider, both order ids, the amounts, the paying transaction, the status and the dated
/// states the orders database keeps. Never a card's number, PIN, challenge or links: only how many cards
/// were delivered, so the report can be pasted into an e-mail as it is.
public struct OrderSupportReport: Sendable, Hashable {
    /// One dated state of the order.
    public struct Event: Sendable, Hashable {
        /// When.
        public let date: Date
        /// The status the order had from then on, as kept.
        public let status: OrderStatus
        /// What happened, in a few words (`order written here, before the provider was asked`).
        public let note: String

        /// Creates an event.
        public init(date: Date, status: OrderStatus, note: String) {
            self.date = date
            self.status = status
            self.note = note
        }
    }

    /// The provider's support address (`ProviderInfo.supportEmail`); nil for an order of a provider this
    /// build leaves out.
    public let recipient: String?
    /// The provider's terms (`ProviderInfo.termsURL`); nil as ``recipient`` is.
    public let termsURL: URL?
    /// The e-mail's subject: `Gift card order <provider order id> (<merchant>, <value>)`.
    public let subject: String
    /// The provider's name.
    public let providerName: String
    /// The merchant's name (empty for an order found by its transaction without one).
    public let merchantName: String
    /// The merchant's id in the explore database.
    public let merchantId: String
    /// The provider's id for the merchant.
    public let sourceId: String
    /// This library's id of the order.
    public let orderId: String
    /// The provider's order id; nil when the provider's answer to the create was lost.
    public let providerOrderId: String?
    /// The card's value.
    public let amount: Decimal
    /// The card's currency.
    public let currency: String
    /// The price asked (the value less the discount), when the order was placed here.
    public let price: Decimal?
    /// The Dash the provider asked for, when it asked.
    public let dashAmount: Decimal?
    /// The Dash transaction that paid, when known.
    public let transactionId: String?
    /// Where the order stands, as kept.
    public let status: OrderStatus
    /// The provider's own word for it, when it sent one.
    public let providerStatus: String?
    /// The provider's note, or why the order is unknown or rejected.
    public let message: String?
    /// When the provider said it would deliver, as it wrote it.
    public let deliveryTime: String?
    /// How many cards were delivered (their codes are never part of the report).
    public let cardsDelivered: Int
    /// The network the order was placed on.
    public let network: DashSpendNetwork
    /// Every dated status the orders database kept for the order, oldest first, each with the provider's word
    /// for it. (An order kept before the history was, by an older version, has its steps from its next answer
    /// on; when none is kept, its first and latest state.)
    public let history: [Event]
    /// The version of this library (``DashSpendRelease/version``), which support may ask for.
    public let libraryVersion: String

    /// The report of `order` on `network`, with the statuses it was kept in (`steps`, oldest first), by version
    /// `libraryVersion` of this library (the front door's release: this module does not know it).
    package init(order: Order, network: DashSpendNetwork, steps: [OrderStatusStep] = [], libraryVersion: String) {
        let info = order.provider?.info
        recipient = info?.supportEmail
        termsURL = info?.termsURL
        providerName = order.providerName
        merchantName = order.merchantName
        merchantId = order.merchantId
        sourceId = order.sourceId
        orderId = order.id
        providerOrderId = order.providerOrderId
        amount = order.amount
        currency = order.currency
        price = order.price
        dashAmount = order.dashAmount
        transactionId = order.transactionId
        status = order.status
        providerStatus = order.providerStatus
        message = order.message
        deliveryTime = order.deliveryTime
        cardsDelivered = order.cards.count
        self.network = network
        self.libraryVersion = libraryVersion
        let value = order.amount.plainText(fractionDigits: 2) + " " + order.currency
        let what = order.merchantName.isEmpty ? value : "\(order.merchantName), \(value)"
        subject = "Gift card order \(order.providerOrderId ?? order.id) (\(what))"
        let first = Event(
            date: order.createdAt, status: order.foundByTransaction ? order.status : .creating,
            note: order.foundByTransaction
                ? "found here by the transaction that paid it" : "order written here, before the provider was asked")
        var history = [first]
        if steps.isEmpty {
            if order.updatedAt > order.createdAt {
                let word = order.providerStatus.map { " (the provider said \"\($0)\")" } ?? ""
                history.append(Event(date: order.updatedAt, status: order.status, note: "latest state\(word)"))
            }
        } else {
            // The kept steps. The first is the order's arrival here when it has that status; otherwise the history
            // began later (an order an older version kept), and every kept step follows the arrival.
            let kept = steps.first?.status == first.status ? steps.dropFirst() : steps[...]
            history += kept.map(Self.event)
        }
        self.history = history
    }

    /// The report's line for a kept step.
    private static func event(_ step: OrderStatusStep) -> Event {
        Event(
            date: step.date, status: step.status,
            note: step.providerStatus.map { "the provider said \"\($0)\"" } ?? "kept")
    }
}
