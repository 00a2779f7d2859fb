public import DashSpendCore
public import DashSpendOrders
public import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One change of an open order seen by ``DashSpendClient/watchOrders(polling:)``: its status moved, cards
/// arrived, or the provider could not be asked (said once per run of failures in a row).
public struct OrderChange: Sendable, Hashable {
    /// The order as it stands after the change, as kept in the orders database (for a failure, as kept).
    public var order: Order
    /// The order's status before the change (the same as the order's when only cards arrived, or the ask
    /// failed and nothing moved).
    public var previousStatus: OrderStatus
    /// How many cards arrived with this change; 0 when none did.
    public var arrivedCards: Int
    /// Why the provider could not be asked about the order, for the first failure of a run of failures in a
    /// row (the next ones are not said again until an answer comes); nil for an answer.
    public var failure: DashSpendFailure?
    /// When the change was seen, by the configuration's clock.
    public var date: Date

    /// Creates a change.
    public init(
        order: Order, previousStatus: OrderStatus, arrivedCards: Int = 0, failure: DashSpendFailure? = nil, date: Date
    ) {
        self.order = order
        self.previousStatus = previousStatus
        self.arrivedCards = arrivedCards
        self.failure = failure
        self.date = date
    }

    /// Whether cards arrived with this change.
    public var cardsArrived: Bool { arrivedCards > 0 }

    /// Whether the order's status moved.
    public var statusChanged: Bool { previousStatus != order.status }

    /// Whether the watch goes on following the order after this change (``Order/isOpen``).
    public var isOpen: Bool { order.isOpen }
}
