import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Whether buying a card again may buy it twice: an order of the same provider, merchant and amount that
/// may still be outstanding (its create answer lost, or waiting for its payment; ``Order/mayBeOutstanding``)
/// and younger than ``window``. A buy then asks to be told it is meant (`again`).
public enum RecentOrderGuard {
    /// How long an outstanding order stops another buy of the same card: a day.
    public static let window: TimeInterval = 86_400

    /// The kept orders that stop a buy of `quote`'s card at `now`, newest first.
    public static func blocking(_ quote: PurchaseQuote, among orders: [Order], now: Date) -> [Order] {
        orders.filter { order in
            order.providerId == quote.provider.id && order.merchantId == quote.merchantId
                && order.amount == quote.amount && order.currency.uppercased() == quote.currency.uppercased()
                && order.mayBeOutstanding && now.timeIntervalSince(order.createdAt) < window
        }
        .sorted { $0.createdAt > $1.createdAt }
    }
}
