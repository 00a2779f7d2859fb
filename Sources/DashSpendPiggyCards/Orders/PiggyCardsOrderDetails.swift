#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// A PiggyCards order as GET `orders/{id}` reports it:
/// `{"code":200,"message":"...","data":{"orderId","payTo","deliveryTime","status","cards":[...]}}`.
package struct PiggyCardsOrderDetails: Sendable, Hashable {
    /// The order id.
    package let orderId: String
    /// The status, mapped (see ``PiggyCardsOrderStatus/init(providerStatus:)``).
    package let status: PiggyCardsOrderStatus
    /// The status as PiggyCards wrote it.
    package let providerStatus: String?
    /// The payment request, when `payTo` is a payable `dash:` URI.
    package let payment: PiggyCardsPaymentURI?
    /// When PiggyCards expects to deliver, as sent.
    package let deliveryTime: String?
    /// The delivered cards; always empty when the body's `code` is not 200.
    package let cards: [PiggyCardsDeliveredCard]
    /// The body's `code` (200 when missing).
    package let code: Int
    /// The body's `message`.
    package let message: String?

    /// Reads a status body for order `requestedId` (a `payTo` for another network is no payment); throws ``DashSpendError/unreadableAnswer(_:)`` when it
    /// is not an object, or when its code is 200 but it has no `data` object.
    init(json: JSONValue, requestedId: String, network: DashSpendNetwork) throws {
        guard json.object != nil else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an order status that is not an object")
        }
        let code = json["code"]?.int ?? 200
        let data = json["data"]?.object != nil ? json["data"] : nil
        if code == 200 && data == nil {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an order status without data")
        }
        self.code = code
        message = json["message"]?.nonBlankString
        orderId = data?["orderId"]?.nonBlankString ?? requestedId
        providerStatus = data?["status"]?.nonBlankString
        status = PiggyCardsOrderStatus(providerStatus: providerStatus)
        payment = (data?["payTo"]?.string).flatMap { PiggyCardsPaymentURI(parsing: $0, network: network) }
        deliveryTime = data?["deliveryTime"]?.nonBlankString
        cards = code == 200 ? (data?["cards"]?.array ?? []).compactMap(PiggyCardsDeliveredCard.init(json:)) : []
    }
}
#endif
