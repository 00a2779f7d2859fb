public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a purchase will be, checked against the provider's live offer before anything is ordered: the
/// merchant, the provider, the card's value, the discount and what will be paid.
public struct PurchaseQuote: Sendable, Hashable {
    /// The merchant's id in the explore database.
    public let merchantId: String
    /// The merchant's name.
    public let merchantName: String
    /// The provider that will sell the card.
    public let provider: GiftCardProvider
    /// The provider's id for the merchant.
    public let sourceId: String
    /// The card's value.
    public let amount: Decimal
    /// The card's currency.
    public let currency: String
    /// The live discount in basis points (negative is a fee).
    public let discountBasisPoints: Int
    /// The amounts the provider sells now (live).
    public let denominations: Denominations
    /// The provider's product for the amount (PiggyCards' card id), when it has several.
    public let productId: String?
    /// Whether the order may be placed while a card of the same provider, merchant and amount may still be
    /// outstanding (`RecentOrderGuard`): the buyer said it means to buy another.
    public let repeatAllowed: Bool

    /// Creates a quote.
    public init(
        merchantId: String, merchantName: String, provider: GiftCardProvider, sourceId: String, amount: Decimal,
        currency: String = "USD", discountBasisPoints: Int, denominations: Denominations, productId: String? = nil,
        repeatAllowed: Bool = false
    ) {
        self.merchantId = merchantId
        self.merchantName = merchantName
        self.provider = provider
        self.sourceId = sourceId
        self.amount = amount
        self.currency = currency
        self.discountBasisPoints = discountBasisPoints
        self.denominations = denominations
        self.productId = productId
        self.repeatAllowed = repeatAllowed
    }

    /// What the card costs after the discount, in ``currency``, to the cent (the provider converts it to Dash
    /// when the order is placed).
    public var price: Decimal {
        let raw = amount * (Decimal(10_000 - discountBasisPoints) / 10_000)
        return Decimal(plainText: raw.plainText(fractionDigits: 2)) ?? raw
    }
}
