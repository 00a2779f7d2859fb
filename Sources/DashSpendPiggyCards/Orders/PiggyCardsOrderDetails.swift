#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import DashSpendCore

/// A PiggyCards order as GET `orders/{id}` reports it:
/// `{"code":200,"message":"...","data":{"orderId","payTo","deliveryTime","status","cards":[...]}}`.
/// The body's `message` (`success`) says nothing about the order and is not kept.
package struct PiggyCardsOrderDetails: Sendable, Hashable {
    /// The order id.
    package let orderId: String
    /// The status, read through ``PiggyCardsOrderStatus/table``.
    package let status: OrderStatus
    /// The status as PiggyCards wrote it.
    package let providerStatus: String?
    /// The payment request, when `payTo` is a payable `dash:` URI.
    package let payment: PiggyCardsPaymentURI?
    /// `payTo` as sent, nil when blank.
    package let payTo: String?
    /// When PiggyCards expects to deliver, as sent (`deliveryTime` as iOS reads it, or `delivery_time` as
    /// Android does).
    package let deliveryTime: String?
    /// The delivered cards.
    package let cards: [PiggyCardsDeliveredCard]

    /// Reads a status body for order `requestedId` (a `payTo` for another network is no payment).
    ///
    /// Throws ``DashSpendError/unreadableAnswer(_:)`` when it is not an object, or when its code is 200 but it
    /// has no `data` object. A body whose `code` is not 200 (an HTTP 200 carrying
    /// `{"code":404,"message":"Order not found","data":null}`) says PiggyCards does not have the order, as an
    /// HTTP 404 does: ``OrderNotKnown`` (wrapping ``DashSpendError/rejected(_:)``), with no card and no payment.
    init(json: JSONValue, requestedId: String, network: DashSpendNetwork) throws {
        guard json.object != nil else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an order status that is not an object")
        }
        let code = json["code"]?.int ?? 200
        guard code == 200 else {
            throw OrderNotKnown(
                DashSpendError.rejected(
                    "PiggyCards does not know order \(requestedId) (code \(code)"
                        + (json["message"]?.nonBlankString.map { ": \($0))" } ?? ")")))
        }
        guard let data = json["data"]?.object != nil ? json["data"] : nil else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an order status without data")
        }
        orderId = data["orderId"]?.nonBlankString ?? requestedId
        providerStatus = data["status"]?.nonBlankString
        status = PiggyCardsOrderStatus.table.status(for: providerStatus)
        payTo = data["payTo"]?.nonBlankString
        payment = payTo.flatMap { PiggyCardsPaymentURI(parsing: $0, network: network) }
        deliveryTime = data["deliveryTime"]?.nonBlankString ?? data["delivery_time"]?.nonBlankString
        cards = (data["cards"]?.array ?? []).compactMap(PiggyCardsDeliveredCard.init(json:))
    }
}
#endif
