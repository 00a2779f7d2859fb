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
        try self.init(PiggyCardsCreatedOrder(json: json, network: network))
    }

    /// The order `created`, when it can be paid; ``DashSpendError/rejected(_:)`` with its `payMessage` when not.
    init(_ created: PiggyCardsCreatedOrder) throws {
        guard let payment = created.payment else {
            throw DashSpendError.rejected(
                "PiggyCards order \(created.id) cannot be paid: \(created.payMessage ?? "no usable payment address was given")")
        }
        self.init(id: created.id, payment: payment, payMessage: created.payMessage)
    }
}

/// PiggyCards' answer to POST `orders` as sent, payable or not: an order it created that cannot be paid is
/// kept (as rejected, with `payMessage`), as CTX's is, not forgotten.
struct PiggyCardsCreatedOrder: Sendable, Hashable {
    /// The order id, for `orders/{id}`.
    package let id: String
    /// `payTo` as sent, nil when blank.
    package let payTo: String?
    /// Where to send how much Dash, parsed from `payTo`; nil when it is not a payable `dash:` URI of the
    /// network.
    package let payment: PiggyCardsPaymentURI?
    /// PiggyCards' note about the payment (`payMessage`), if any.
    package let payMessage: String?

    /// Reads the answer; throws ``DashSpendError/unreadableAnswer(_:)`` without an id.
    init(json: JSONValue, network: DashSpendNetwork) throws {
        guard json.object != nil, let id = json["id"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("PiggyCards accepted the order but sent no order id")
        }
        self.id = id
        payTo = json["payTo"]?.nonBlankString
        payment = PiggyCardsPaymentURI(parsing: json["payTo"]?.string ?? "", network: network)
        payMessage = json["payMessage"]?.nonBlankString
    }
}
#endif
