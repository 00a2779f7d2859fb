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
/// Discount in basis points = `max(discount_percentage) * 100 - 150` over the chosen cards (the 1.5 %
/// service fee; may be negative).
struct PiggyCardsOffer: Sendable, Hashable {
    /// The PiggyCards service fee in basis points.
    static let serviceFeeBasisPoints = 150

    let enabled: Bool
    let discountBasisPoints: Int?
    let denominationsType: DenominationsType
    let denominations: Denominations?

    init(cards allCards: [PiggyCardsGiftcard]) {
        let cards = allCards.filter { !$0.isDisabled }
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
                denominations: denominations, fetchedAt: fetchedAt))
    }
}
#endif
