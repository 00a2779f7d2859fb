#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// One PiggyCards `Giftcard`, read leniently: numbers may come as strings or numbers, and a field that
/// cannot be read is nil without failing the others.
struct PiggyCardsGiftcard: Sendable, Hashable {
    /// How a card is priced, from `price_type` (trimmed, lowercased).
    enum PriceType: Sendable, Hashable {
        case fixed
        case range
        case option
        case other(String)

        init(_ raw: String?) {
            switch raw?.trimmedWhitespace.lowercased() ?? "" {
            case "fixed": self = .fixed
            case "range": self = .range
            case "option": self = .option
            case let other: self = .other(other)
            }
        }
    }

    let id: Int?
    let name: String
    let priceType: PriceType
    let currency: String?
    /// A percent: 4.0 means 4 %; nil when missing, unreadable or outside ``percentRange``.
    let discountPercentage: Decimal?
    let minDenomination: Decimal?
    let maxDenomination: Decimal?
    /// `denomination`: one value, or for Option cards a comma list.
    let denominationText: String?
    let fee: Decimal?
    /// Stock; missing counts as 0 (out of stock).
    let quantity: Int
    private(set) var brandId: Int?

    /// Reads a card; nil when the element is not an object.
    init?(json: JSONValue) {
        guard json.object != nil else { return nil }
        id = json["id"]?.int
        name = json["name"]?.string ?? ""
        priceType = PriceType(json["price_type"]?.string)
        currency = json["currency"]?.nonBlankString
        discountPercentage = json["discount_percentage"]?.decimal.flatMap { Self.percentRange.contains($0) ? $0 : nil }
        minDenomination = json["min_denomination"]?.decimal
        maxDenomination = json["max_denomination"]?.decimal
        denominationText = json["denomination"]?.nonBlankString
        fee = json["fee"]?.decimal
        quantity = json["quantity"]?.int ?? 0
        brandId = json["brand_id"]?.int
    }

    /// The card fields an offer is made from, kept as received beside the stored answer.
    static let rawKeys = [
        "id", "name", "brand_id", "price_type", "currency", "discount_percentage", "min_denomination",
        "max_denomination", "denomination", "quantity",
    ]

    /// The brand whose Xbox Live and Xbox Game Pass cards are never offered.
    static let disabledBrandId = 174
    /// The names (case-sensitive, as the apps compare them) that disable a card of ``disabledBrandId``.
    static let disabledNames = ["Xbox Live", "Xbox Game Pass"]
    /// The discounts that can be real; anything else (a hostile `-1e30`) is treated as missing, so the
    /// basis-point arithmetic cannot overflow.
    static let percentRange: ClosedRange<Decimal> = -100...100

    /// A card is disabled only when BOTH its brand is 174 AND its name contains "Xbox Live" or "Xbox Game
    /// Pass" (case-sensitive). Other cards of brand 174, and Xbox Live cards of other brands, stay offered.
    var isDisabled: Bool {
        brandId == Self.disabledBrandId && Self.disabledNames.contains { name.contains($0) }
    }

    /// This card, filed under `brand` when it names no brand of its own (the brand it was asked for).
    func inBrand(_ brand: Int?) -> PiggyCardsGiftcard {
        var card = self
        if card.brandId == nil { card.brandId = brand }
        return card
    }

    /// In stock.
    var inStock: Bool { quantity > 0 }

    /// Named "(instant delivery)" (any case) and in stock.
    var isInstant: Bool { name.lowercased().contains("(instant delivery)") && inStock }

    /// The values in `denomination`: one value or a comma list; unreadable entries are skipped.
    var denominationValues: [Decimal] {
        guard let denominationText else { return [] }
        return denominationText.split(separator: ",").compactMap { Decimal(plainText: String($0)) }.filter { $0 > 0 }
    }
}
#endif
