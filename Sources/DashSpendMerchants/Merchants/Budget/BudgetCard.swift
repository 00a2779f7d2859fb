public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The largest card of one offer that a budget pays for: its value, its price after the discount, and that
/// price in Dash at the budget's rate.
public struct BudgetCard: Sendable, Hashable {
    /// The provider that sells it.
    public let provider: GiftCardProvider
    /// The card's value: the largest fixed value, or the largest amount of the range (to the cent), whose
    /// price fits the budget.
    public let value: Decimal
    /// What the card costs after the discount, to the cent, in the budget's currency (as `PurchaseQuote.price`
    /// computes it).
    public let price: Decimal
    /// ``price`` in DASH at the budget's rate, to 8 decimals, rounded up: about what the provider will ask
    /// (it converts at its own rate when the order is placed).
    public let dash: Decimal
    /// The offer's discount in basis points (negative is a fee).
    public let discountBasisPoints: Int
    /// Whether the offer sells fixed values (else any amount of a range).
    public let isFixedValue: Bool

    /// Creates a card.
    public init(
        provider: GiftCardProvider, value: Decimal, price: Decimal, dash: Decimal, discountBasisPoints: Int,
        isFixedValue: Bool
    ) {
        self.provider = provider
        self.value = value
        self.price = price
        self.dash = dash
        self.discountBasisPoints = discountBasisPoints
        self.isFixedValue = isFixedValue
    }

    /// The largest card of `offer` whose price fits `budget` (in the rate's currency), priced in Dash at
    /// `rate`; nil when the offer cannot be bought now, its values are unknown, or even its smallest card
    /// costs more.
    package static func largest(of offer: ResolvedOffer, budget: Decimal, rate: Decimal) -> BudgetCard? {
        guard offer.enabled.value, budget > 0, rate > 0 else { return nil }
        let discount = offer.discountBasisPoints.value
        let factor = Decimal(10_000 - discount) / 10_000
        guard factor > 0 else { return nil }
        let denominations = offer.denominations.value
        let value: Decimal?
        switch denominations.type {
        case .fixed:
            value = denominations.values.filter { $0 > 0 && price(of: $0, factor: factor) <= budget }.max()
        case .flexible:
            guard let minimum = denominations.minimum, let maximum = denominations.maximum, minimum <= maximum else {
                return nil
            }
            // The price is rounded to the cent, half up: a few cents above budget ÷ factor may still cost no
            // more than the budget. Start there and step down to the first that fits.
            let cent = Decimal(1) / 100
            var amount = Swift.min(maximum, truncated(budget / factor, places: 2) + 5 * cent)
            while amount >= minimum, price(of: amount, factor: factor) > budget { amount -= cent }
            value = amount >= minimum && amount > 0 ? amount : nil
        }
        guard let value else { return nil }
        let cost = price(of: value, factor: factor)
        return BudgetCard(
            provider: offer.provider, value: value, price: cost, dash: truncated(cost / rate, places: 8, up: true),
            discountBasisPoints: discount, isFixedValue: denominations.type == .fixed)
    }

    /// `value` less the discount (`factor` = 1 − discount), to the cent, as `PurchaseQuote.price` rounds it.
    static func price(of value: Decimal, factor: Decimal) -> Decimal {
        let raw = value * factor
        return Decimal(plainText: raw.plainText(fractionDigits: 2)) ?? raw
    }

    /// `value` (not negative) to `places` decimals, rounded toward zero (`up`: away from zero when anything
    /// was cut).
    package static func truncated(_ value: Decimal, places: Int, up: Bool = false) -> Decimal {
        let parts = value.description.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return value }
        let kept = parts[1].prefix(places)
        let cut = parts[1].dropFirst(places).contains { $0 != "0" }
        let base = Decimal(plainText: parts[0] + (kept.isEmpty ? "" : "." + kept)) ?? value
        guard up, cut else { return base }
        var step = Decimal(1)
        for _ in 0..<places { step /= 10 }
        return base + step
    }
}
