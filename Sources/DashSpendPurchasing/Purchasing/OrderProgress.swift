import DashSpendCore
import DashSpendLocking
import DashSpendOrders

/// Where an order being placed stands, for the note an exit on a signal says about it
/// (``CriticalSections/interruptionNotes()``): set at every step of ``DashSpendClient/placeOrder(_:)``.
final class OrderProgress: Sendable {
    private let order: Locked<Order?>

    init(_ order: Order) {
        self.order = Locked(order)
    }

    /// The order as it now stands; nil when nothing was ordered.
    func set(_ order: Order?) {
        self.order.withLock { $0 = order }
    }

    /// What to say about it.
    var note: InterruptionNote? {
        guard let order = order.withLock({ $0 }) else {
            return InterruptionNote(message: "the order was not placed: nothing was bought")
        }
        let provider = order.providerName
        let message: String
        switch order.status {
        case .creating:
            message =
                "the order at \(provider) was still being placed: it may exist; it is kept as order \(order.id), "
                + "unknown from the next run on"
        case .unknown:
            message = "the answer of \(provider) to the order was lost: it may exist; it is kept as order \(order.id) (unknown)"
        case .rejected:
            message = "\(provider) answered, and the order is kept as rejected order \(order.id): it must not be paid"
        default:
            message = "\(provider) took the order: it is kept as order \(order.id) (\(order.status.rawValue)), with its payment"
        }
        return InterruptionNote(message: message, orderId: order.id)
    }
}
