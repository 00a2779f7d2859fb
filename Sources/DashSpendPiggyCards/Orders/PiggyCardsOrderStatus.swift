#if PIGGYCARDS_ENABLED
package import DashSpendCore

/// PiggyCards' order status words (`data.status` of `orders/{id}`), as both wallets read them, any case:
/// `Payment pending` → unpaid; `Paid`, `Processing` → paid; `Complete`, `Completed` → fulfilled (iOS maps
/// both); `Failed`, `Rejected`, `Cancelled`, `Canceled` → rejected (iOS). Anything else, or no word, is
/// unknown: Android reads it as unpaid, which shows a payment for an order that must not be paid.
package enum PiggyCardsOrderStatus {
    /// The table.
    package static let table = OrderStatusTable([
        "payment pending": .unpaid, "paid": .paid, "processing": .paid, "complete": .fulfilled,
        "completed": .fulfilled, "failed": .rejected, "rejected": .rejected, "cancelled": .rejected,
        "canceled": .rejected,
    ])
}
#endif
