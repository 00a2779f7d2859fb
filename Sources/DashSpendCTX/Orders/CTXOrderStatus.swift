package import DashSpendCore

/// CTX's order status words (`GiftCardResponse.status`), as both wallets read them: `unpaid`, `paid`,
/// `fulfilled`, `rejected`, any case. Anything else (`expired`, ...) is unknown, never payable.
package enum CTXOrderStatus {
    /// The table.
    package static let table = OrderStatusTable([
        "unpaid": .unpaid, "paid": .paid, "fulfilled": .fulfilled, "rejected": .rejected,
    ])
}
