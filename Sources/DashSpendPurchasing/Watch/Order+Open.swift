import DashSpendCore
public import DashSpendOrders

extension Order {
    /// Whether the order may still move on by itself, so that ``DashSpendClient/watchOrders(polling:)``
    /// follows it: unpaid, paid, unknown (a status word this library does not know) or fulfilled with some of
    /// its cards still to come, with a provider order id to ask with, of a provider in this build. An order
    /// being created, one whose create answer was lost (no provider id), a rejected one and one fulfilled with
    /// all its cards are not open.
    public var isOpen: Bool {
        guard providerOrderId != nil, provider != nil else { return false }
        switch status {
        case .unpaid, .paid, .unknown: return true
        case .fulfilled: return cards.count < cardCount
        case .creating, .rejected: return false
        }
    }
}
