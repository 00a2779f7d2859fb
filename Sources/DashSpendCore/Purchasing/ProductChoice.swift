/// What a provider orders for an amount: its product and that product's own discount, which may differ from
/// the best discount of the merchant's offer (PiggyCards sells a brand as several cards, each with its own).
public struct ProductChoice: Sendable, Hashable {
    /// The provider's product to order, or nil when the provider needs none.
    public let productId: String?
    /// The discount of that product in basis points (negative is a fee); nil when the offer's discount is the
    /// product's (a provider with one product per merchant) or the product does not state one.
    public let discountBasisPoints: Int?

    /// Creates a choice.
    public init(productId: String?, discountBasisPoints: Int? = nil) {
        self.productId = productId
        self.discountBasisPoints = discountBasisPoints
    }
}
