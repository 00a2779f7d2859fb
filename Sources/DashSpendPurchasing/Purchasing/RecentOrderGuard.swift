import DashSpendCore
package import DashSpendOrders

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Whether buying a card again may buy it twice: an order of the same merchant and amount (at any provider:
/// the same card bought at another provider is bought twice all the same) that
/// may still be outstanding (its create answer lost, or waiting for its payment; ``Order/mayBeOutstanding``)
/// and younger than ``window``. A buy then asks to be told it is meant (`again`).
package enum RecentOrderGuard {
    /// How long an outstanding order stops another buy of the same card: a day.
    package static let window: TimeInterval = 86_400

    /// The kept orders that stop a buy of `quote`'s card at `now`, newest first.
    package static func blocking(_ quote: PurchaseQuote, among orders: [Order], now: Date) -> [Order] {
        orders.filter { order in
            order.merchantId == quote.merchantId
                && order.amount == quote.amount && order.currency.uppercased() == quote.currency.uppercased()
                && order.mayBeOutstanding && now.timeIntervalSince(order.createdAt) < window
        }
        .sorted { $0.createdAt > $1.createdAt }
    }
}
