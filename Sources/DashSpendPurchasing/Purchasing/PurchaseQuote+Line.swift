public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension PurchaseQuote {
    /// One line of a quote: `quantity` cards of `amount`, of the provider's product `productId`, at that
    /// product's discount.
    public struct Line: Sendable, Hashable {
        /// The value of each card.
        public let amount: Decimal
        /// How many cards of that value.
        public let quantity: Int
        /// The live discount of the line's product in basis points (negative is a fee).
        public let discountBasisPoints: Int
        /// The provider's product for the amount (PiggyCards' card id), when it has several.
        public let productId: String?

        /// Creates a line.
        public init(amount: Decimal, quantity: Int = 1, discountBasisPoints: Int, productId: String? = nil) {
            self.amount = amount
            self.quantity = quantity
            self.discountBasisPoints = discountBasisPoints
            self.productId = productId
        }

        /// What the line's cards are worth together: `amount × quantity`.
        public var total: Decimal { amount * Decimal(quantity) }

        /// What one card of the line costs after the discount, to the cent.
        public var unitPrice: Decimal {
            let raw = amount * (Decimal(10_000 - discountBasisPoints) / 10_000)
            return Decimal(plainText: raw.plainText(fractionDigits: 2)) ?? raw
        }

        /// What the line's cards cost after the discount: ``unitPrice`` × ``quantity``.
        public var price: Decimal { unitPrice * Decimal(quantity) }

        /// The line as ordered.
        public var orderLine: OrderLine { OrderLine(amount: amount, quantity: quantity, productId: productId) }
    }
}
