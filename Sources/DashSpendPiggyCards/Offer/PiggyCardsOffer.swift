#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Turns a brand's gift cards into one offer, with Android's rules:
///
/// Disabled cards are dropped. Then:
/// 1. any instant card → fixed: sorted distinct values of the instant and other in-stock fixed cards;
///    enabled when there is a value;
/// 2. else a Range card → flexible `[min_denomination, max_denomination]`, enabled when in stock;
/// 3. else an Option card → fixed, values from its comma list, enabled when in stock;
/// 4. else fixed cards → fixed list of the in-stock ones, enabled when there is one;
/// 5. no cards → disabled, fixed, no values, discount 0.
///
/// A disabled offer says why in ``disabledReason`` (no cards, only disabled Xbox cards, out of stock, no
/// readable value), which ``details(brandId:name:fetchedAt:)`` passes on for `--explain`.
///
/// Discount in basis points = `max(discount_percentage) * 100 - 150` over the chosen cards (the 1.5 %
/// service fee; may be negative).
struct PiggyCardsOffer: Sendable, Hashable {
    /// The PiggyCards service fee in basis points.
    static let serviceFeeBasisPoints = 150

    let enabled: Bool
    let discountBasisPoints: Int?
    let denominationsType: DenominationsType
    let denominations: Denominations?
    /// Why ``enabled`` is false (nil when it is true).
    private(set) var disabledReason: String?

    init(cards allCards: [PiggyCardsGiftcard]) {
        let cards = allCards.filter { !$0.isDisabled }
        self.init(offering: cards)
        guard !enabled else { return }
        disabledReason = Self.disabledReason(all: allCards, offered: cards)
    }

    /// Why the cards make a disabled offer.
    private static func disabledReason(all: [PiggyCardsGiftcard], offered cards: [PiggyCardsGiftcard]) -> String {
        if all.isEmpty { return "PiggyCards has no gift cards for this brand" }
        if cards.isEmpty {
            return "PiggyCards has only disabled cards for this brand (brand \(PiggyCardsGiftcard.disabledBrandId)'s "
                + PiggyCardsGiftcard.disabledNames.joined(separator: " / ") + " cards are never offered)"
        }
        if !cards.contains(where: \.inStock) { return "every PiggyCards card of this brand is out of stock (quantity 0)" }
        // The same choice as the offer's: instant, then Range, then Option, then Fixed cards.
        if cards.contains(where: \.isInstant) { return "PiggyCards' instant cards for this brand have no readable value" }
        if let range = cards.first(where: { $0.priceType == .range }) {
            return "PiggyCards' Range card \"\(range.name)\" is out of stock (quantity 0)"
        }
        if let option = cards.first(where: { $0.priceType == .option }) {
            return "PiggyCards' Option card \"\(option.name)\" is out of stock (quantity 0)"
        }
        if !cards.contains(where: { $0.priceType == .fixed }) {
            return "PiggyCards' cards for this brand have no known price type"
        }
        if !cards.contains(where: { $0.priceType == .fixed && $0.inStock }) {
            return "every PiggyCards Fixed card of this brand is out of stock (quantity 0)"
        }
        return "PiggyCards' in-stock Fixed cards for this brand have no readable value"
    }

    private init(offering cards: [PiggyCardsGiftcard]) {
        let instant = cards.filter(\.isInstant)
        if !instant.isEmpty {
            let fixedInStock = cards.filter { !$0.isInstant && $0.priceType == .fixed && $0.inStock }
            let chosen = instant + fixedInStock
            let values = chosen.flatMap(\.denominationValues)
            self.init(
                enabled: !values.isEmpty, chosen: chosen, type: .fixed, denominations: values.isEmpty ? nil : .fixed(values))
        } else if let range = cards.first(where: { $0.priceType == .range }) {
            var denominations: Denominations?
            if let minimum = range.minDenomination, let maximum = range.maxDenomination, minimum >= 0, minimum <= maximum {
                denominations = .flexible(minimum: minimum, maximum: maximum)
            }
            self.init(enabled: range.inStock, chosen: [range], type: .flexible, denominations: denominations)
        } else if let option = cards.first(where: { $0.priceType == .option }) {
            let values = option.denominationValues
            self.init(
                enabled: option.inStock, chosen: [option], type: .fixed, denominations: values.isEmpty ? nil : .fixed(values))
        } else {
            let fixed = cards.filter { $0.priceType == .fixed }
            guard !fixed.isEmpty else {
                self.init(enabled: false, discountBasisPoints: 0, denominationsType: .fixed, denominations: nil)
                return
            }
            let inStock = fixed.filter(\.inStock)
            let values = inStock.flatMap(\.denominationValues)
            self.init(
                enabled: !values.isEmpty, chosen: inStock.isEmpty ? fixed : inStock, type: .fixed,
                denominations: values.isEmpty ? nil : .fixed(values))
        }
    }

    private init(enabled: Bool, chosen: [PiggyCardsGiftcard], type: DenominationsType, denominations: Denominations?) {
        let best = chosen.compactMap(\.discountPercentage).max()
        self.init(
            enabled: enabled,
            discountBasisPoints: best.flatMap { ($0 * 100).roundedInteger }.map { $0 - Self.serviceFeeBasisPoints },
            denominationsType: type, denominations: denominations)
    }

    private init(enabled: Bool, discountBasisPoints: Int?, denominationsType: DenominationsType, denominations: Denominations?) {
        self.enabled = enabled
        self.discountBasisPoints = discountBasisPoints
        self.denominationsType = denominationsType
        self.denominations = denominations
    }

    /// The fields the resolution chain needs, with implausible ones dropped (``OfferPlausibility``).
    func details(brandId: String, name: String?, fetchedAt: Date) -> ProviderMerchantDetails {
        OfferPlausibility.checked(
            ProviderMerchantDetails(
                provider: .piggyCards, sourceId: brandId, name: name, enabled: enabled,
                discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
                denominations: denominations, fetchedAt: fetchedAt, enabledReason: disabledReason))
    }
}
#endif
