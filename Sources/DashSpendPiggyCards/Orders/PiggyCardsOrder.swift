#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// An order PiggyCards accepted (POST `orders`) and how to pay for it.
package struct PiggyCardsOrder: Sendable, Hashable {
    /// The order id, for `orders/{id}`.
    package let id: String
    /// Where to send how much Dash, parsed from `payTo`.
    package let payment: PiggyCardsPaymentURI
    /// PiggyCards' note about the payment (`payMessage`), if any.
    package let payMessage: String?

    /// Creates an order.
    package init(id: String, payment: PiggyCardsPaymentURI, payMessage: String?) {
        self.id = id
        self.payment = payment
        self.payMessage = payMessage
    }

    /// Reads the answer `{"id":"...","payTo":"dash:X...?amount=0.123","payMessage":"..."}`; the address must
    /// belong to `network`.
    ///
    /// Throws ``DashSpendError/unreadableAnswer(_:)`` without an id, and ``DashSpendError/rejected(_:)``
    /// (with `payMessage`) when `payTo` is empty or not a payable `dash:` URI: the order cannot be paid.
    init(json: JSONValue, network: DashSpendNetwork) throws {
        guard json.object != nil, let id = json["id"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("PiggyCards accepted the order but sent no order id")
        }
        let message = json["payMessage"]?.nonBlankString
        guard let payment = PiggyCardsPaymentURI(parsing: json["payTo"]?.string ?? "", network: network) else {
            throw DashSpendError.rejected(
                "PiggyCards order \(id) cannot be paid: \(message ?? "no usable payment address was given")")
        }
        self.init(id: id, payment: payment, payMessage: message)
    }
}
#endif
