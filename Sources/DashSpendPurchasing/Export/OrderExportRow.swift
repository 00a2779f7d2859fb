public import DashSpendCore
package import DashSpendOrders

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One card of a kept order as an accounting export lists it (``DashSpendClient/orderExport()``): when,
/// where, from whom, its value, what was paid in Dash and in money, the discount, the rate and the paying
/// transaction. Never the card's number, PIN, challenge or links.
public struct OrderExportRow: Sendable, Hashable {
    /// When the order was placed (written here).
    public let date: Date
    /// The merchant's name (its id when the order has no name).
    public let merchant: String
    /// The provider's name.
    public let provider: String
    /// The card's value.
    public let cardValue: Decimal
    /// The currency of ``cardValue`` and ``fiatPaid``.
    public let currency: String
    /// The Dash paid: what the provider asked, once the order is paid (its status `paid` or `fulfilled`, or
    /// its paying transaction known); nil before.
    public let dashPaid: Decimal?
    /// The money paid, the card's price after the discount, once paid as ``dashPaid``; nil before, and for an
    /// order not placed here (its price is not known).
    public let fiatPaid: Decimal?
    /// The discount in basis points, from the value and the price (negative is a fee); nil without a price.
    public let discountBasisPoints: Int?
    /// How much of ``currency`` one DASH bought (the price ÷ the Dash paid), to 8 decimals; nil unless both
    /// are known.
    public let rate: Decimal?
    /// The Dash transaction that paid, when known.
    public let transactionId: String?
    /// Where the order stands.
    public let status: OrderStatus
    /// The order's local id.
    public let orderId: String
    /// The provider's order id, when known.
    public let providerOrderId: String?

    /// The rows of `order`: one per card (today an order is one card).
    package static func rows(of order: Order) -> [OrderExportRow] {
        let paid = order.status == .paid || order.status == .fulfilled || order.transactionId != nil
        let price = order.price
        let dashPaid = paid ? order.dashAmount : nil
        let fiatPaid = paid ? price : nil
        var discount: Int?
        if let price, order.amount > 0 {
            let basisPoints = (1 - price / order.amount) * 10_000
            discount = Int(basisPoints.plainText(fractionDigits: 0))
        }
        var rate: Decimal?
        if let fiatPaid, let dashPaid, dashPaid > 0 {
            rate = Decimal(plainText: (fiatPaid / dashPaid).plainText(fractionDigits: 8))
        }
        return [
            OrderExportRow(
                date: order.createdAt, merchant: order.merchantName.isEmpty ? order.merchantId : order.merchantName,
                provider: order.providerName, cardValue: order.amount, currency: order.currency, dashPaid: dashPaid,
                fiatPaid: fiatPaid, discountBasisPoints: discount, rate: rate, transactionId: order.transactionId,
                status: order.status, orderId: order.id, providerOrderId: order.providerOrderId)
        ]
    }
}
