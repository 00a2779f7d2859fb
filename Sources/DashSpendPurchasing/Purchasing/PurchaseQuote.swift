public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a purchase will be, checked against the provider's live offer before anything is ordered: the
/// merchant, the provider, the cards (one, or several lines of several cards from a provider that takes
/// them in one order), the discount and what will be paid.
public struct PurchaseQuote: Sendable, Hashable {
    /// The merchant's id in the explore database.
    public let merchantId: String
    /// The merchant's name.
    public let merchantName: String
    /// The provider that will sell the card.
    public let provider: GiftCardProvider
    /// The provider's id for the merchant.
    public let sourceId: String
    /// The card's value; for several cards, what they are worth together (the total of ``lines``).
    public let amount: Decimal
    /// The card's currency.
    public let currency: String
    /// The live discount in basis points (negative is a fee): the card's; for lines of different discounts,
    /// the one the whole order gets (``price`` against ``amount``, rounded to a basis point).
    public let discountBasisPoints: Int
    /// The amounts the provider sells now (live).
    public let denominations: Denominations
    /// The provider's product for the amount (PiggyCards' card id), when it has several; for several lines,
    /// the first line's (each line names its own).
    public let productId: String?
    /// Whether the order may be placed while a card of the same provider, merchant and amount may still be
    /// outstanding (`RecentOrderGuard`): the buyer said it means to buy another.
    public let repeatAllowed: Bool
    /// Every line, in the order asked: one line of one card for a quote of one card.
    public let lines: [Line]

    /// Creates a quote for one card of `amount`.
    public init(
        merchantId: String, merchantName: String, provider: GiftCardProvider, sourceId: String, amount: Decimal,
        currency: String = "USD", discountBasisPoints: Int, denominations: Denominations, productId: String? = nil,
        repeatAllowed: Bool = false
    ) {
        self.init(
            merchantId: merchantId, merchantName: merchantName, provider: provider, sourceId: sourceId,
            lines: [Line(amount: amount, discountBasisPoints: discountBasisPoints, productId: productId)],
            currency: currency, denominations: denominations, repeatAllowed: repeatAllowed)
    }

    /// Creates a quote for the cards of `lines` (at least one) in one order, paid by one payment.
    public init(
        merchantId: String, merchantName: String, provider: GiftCardProvider, sourceId: String, lines: [Line],
        currency: String = "USD", denominations: Denominations, repeatAllowed: Bool = false
    ) {
        self.merchantId = merchantId
        self.merchantName = merchantName
        self.provider = provider
        self.sourceId = sourceId
        self.lines = lines
        amount = lines.reduce(Decimal(0)) { $0 + $1.total }
        self.currency = currency
        self.denominations = denominations
        productId = lines.first?.productId
        self.repeatAllowed = repeatAllowed
        let discounts = Set(lines.map(\.discountBasisPoints))
        if discounts.count <= 1 {
            discountBasisPoints = discounts.first ?? 0
        } else {
            let total = amount
            let price = lines.reduce(Decimal(0)) { $0 + $1.price }
            let share = total > 0 ? (total - price) / total * 10_000 : 0
            discountBasisPoints = share.roundedInteger ?? 0
        }
    }

    /// What the cards cost after the discount, in ``currency``, to the cent (the provider converts it to Dash
    /// when the order is placed): each line's cards at their own discount, added up.
    public var price: Decimal { lines.reduce(Decimal(0)) { $0 + $1.price } }

    /// How many cards the quote orders.
    public var cardCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}
