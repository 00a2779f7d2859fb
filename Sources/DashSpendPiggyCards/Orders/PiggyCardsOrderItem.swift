#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import DashSpendCore

/// One line of a PiggyCards order: `quantity` cards of gift card `productId` (the Giftcard `id`), each
/// worth `denomination` in `currency`.
package struct PiggyCardsOrderItem: Sendable, Hashable {
    /// The gift card's `id` in `giftcards/{country}`.
    package var productId: Int
    /// How many cards.
    package var quantity: Int
    /// The value of each card.
    package var denomination: Decimal
    /// The card's currency (`USD`).
    package var currency: String

    /// Creates an order line.
    package init(productId: Int, quantity: Int = 1, denomination: Decimal, currency: String = "USD") {
        self.productId = productId
        self.quantity = quantity
        self.denomination = denomination
        self.currency = currency
    }

    /// `denomination × quantity`.
    package var total: Decimal { denomination * Decimal(quantity) }

    /// The line as PiggyCards reads it: `{"productId":123,"quantity":2,"denomination":25.0,"currency":"USD"}`.
    var json: JSONValue {
        .object([
            "productId": .number(Decimal(productId)),
            "quantity": .number(Decimal(quantity)),
            "denomination": .number(denomination),
            "currency": .string(currency),
        ])
    }
}
#endif
