#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Which of a brand's gift cards an order for an amount uses, by the rules the offer was built with
/// (``PiggyCardsOffer``), so the card ordered is one the quoted offer came from:
///
/// Disabled cards are never chosen. Then:
/// 1. when the brand has an instant card in stock: an instant card of that value, else an in-stock Fixed
///    card of that value;
/// 2. else the brand's first Range card, when in stock and the amount is inside its range;
/// 3. else its first Option card, when in stock and the amount is one of its values;
/// 4. else an in-stock Fixed card of that value.
///
/// No card → ``DashSpendError/outOfStock(_:)`` when a card of that value exists but none is in stock, else
/// ``DashSpendError/invalidAmount(_:)`` listing what the brand sells.
struct PiggyCardsCardChoice {
    let card: PiggyCardsGiftcard

    init(cards allCards: [PiggyCardsGiftcard], amount: Decimal, brandId: String) throws {
        let cards = allCards.filter { !$0.isDisabled && $0.id != nil }
        let matches = { (card: PiggyCardsGiftcard) in card.denominationValues.contains(amount) }
        let chosen: PiggyCardsGiftcard?
        let allowed: String
        let instant = cards.filter(\.isInstant)
        if !instant.isEmpty {
            let fixed = cards.filter { !$0.isInstant && $0.priceType == .fixed && $0.inStock }
            chosen = instant.first(where: matches) ?? fixed.first(where: matches)
            allowed = Self.values(instant + fixed)
        } else if let range = cards.first(where: { $0.priceType == .range }) {
            let inside = range.minDenomination.map { amount >= $0 } == true && range.maxDenomination.map { amount <= $0 } == true
            chosen = range.inStock && inside ? range : nil
            allowed =
                "\(range.minDenomination?.plainText(fractionDigits: 2) ?? "?") to \(range.maxDenomination?.plainText(fractionDigits: 2) ?? "?")"
            if inside && !range.inStock {
                throw DashSpendError.outOfStock("PiggyCards has no \(range.name) card in stock")
            }
        } else if let option = cards.first(where: { $0.priceType == .option }) {
            chosen = option.inStock && matches(option) ? option : nil
            allowed = Self.values([option])
            if matches(option) && !option.inStock {
                throw DashSpendError.outOfStock("PiggyCards has no \(option.name) card in stock")
            }
        } else {
            let fixed = cards.filter { $0.priceType == .fixed }
            chosen = fixed.first { $0.inStock && matches($0) }
            allowed = Self.values(fixed.filter(\.inStock))
        }
        if let chosen {
            card = chosen
            return
        }
        let text = amount.plainText(fractionDigits: 2)
        if cards.contains(where: matches) {
            throw DashSpendError.outOfStock("PiggyCards has no \(text) USD card of brand \(brandId) in stock")
        }
        throw DashSpendError.invalidAmount(
            "PiggyCards sells brand \(brandId) for \(allowed.isEmpty ? "no amount now" : allowed) USD, not \(text)")
    }

    private static func values(_ cards: [PiggyCardsGiftcard]) -> String {
        Array(Set(cards.flatMap(\.denominationValues))).sorted().map { $0.plainText(fractionDigits: 2) }
            .joined(separator: ", ")
    }
}
#endif
