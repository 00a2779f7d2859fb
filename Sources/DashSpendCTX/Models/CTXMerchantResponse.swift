import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// CTX's `MerchantResponse`, read leniently: only `id` is required; every other field may be missing,
/// null or differently typed, and a field that cannot be read is nil without failing the rest.
struct CTXMerchantResponse: Sendable, Hashable {
    let id: String
    let name: String?
    let logoURL: String?
    let cardImageURL: String?
    let type: String?
    let currency: String?
    let redeemType: String?
    let productId: String?
    /// `enabled`; nil when missing or unreadable.
    let enabled: Bool?
    /// `userDiscount` (staging, per user), basis points; nil outside ``discountRange``.
    let userDiscount: Int?
    /// `savingsPercentage` (production), basis points; nil outside ``discountRange``.
    let savingsPercentage: Int?
    /// `denominationsType` or the legacy `denominationType`, trimmed and lowercased.
    let denominationsTypeText: String?
    /// `denominations` or `denominationValues`, each parsed; nil entries could not be read.
    let denominationValues: [Decimal?]?
    /// `cachedLocationCount` (production) or `locationCount` (staging).
    let locationCount: Int?

    /// Reads a merchant; nil when the body is not an object with an `id`.
    init?(json: JSONValue) {
        guard json.object != nil, let id = json["id"]?.nonBlankString else { return nil }
        self.id = id
        name = json["name"]?.nonBlankString
        logoURL = json["logoUrl"]?.nonBlankString
        cardImageURL = json["cardImageUrl"]?.nonBlankString
        type = json["type"]?.nonBlankString
        currency = json["currency"]?.nonBlankString
        redeemType = json["redeemType"]?.nonBlankString
        productId = json["productId"]?.nonBlankString
        enabled = json["enabled"]?.bool
        userDiscount = json["userDiscount"]?.int.flatMap(Self.plausibleDiscount)
        savingsPercentage = json["savingsPercentage"]?.int.flatMap(Self.plausibleDiscount)
        denominationsTypeText = (json["denominationsType"]?.nonBlankString ?? json["denominationType"]?.nonBlankString)?
            .lowercased()
        let rawValues = json["denominations"] ?? json["denominationValues"]
        if let list = rawValues?.array {
            denominationValues = list.map(\.decimal)
        } else if let text = rawValues?.string {
            denominationValues = text.split(separator: ",").map { Decimal(plainText: String($0)) }
        } else {
            denominationValues = nil
        }
        locationCount = json["cachedLocationCount"]?.int ?? json["locationCount"]?.int
    }

    /// The discounts that can be real, in basis points (±100 %).
    static let discountRange = -10_000...10_000

    /// `value` when within ``discountRange``; a hostile value (`Int.min`) counts as missing.
    static func plausibleDiscount(_ value: Int) -> Int? {
        discountRange.contains(value) ? value : nil
    }

    /// `userDiscount ?? savingsPercentage` (Android's order: an explicit `userDiscount: 0` wins).
    var discountBasisPoints: Int? { userDiscount ?? savingsPercentage }

    /// `enabled`, missing → true.
    var isEnabled: Bool { enabled ?? true }

    /// The type: `min-max` and `min-max-major` are flexible, anything else (or nothing) is fixed.
    var denominationsType: DenominationsType {
        DenominationsType(parsing: denominationsTypeText) ?? .fixed
    }

    /// The values: `[min, max]` for `min-max`, `[0]` min and `[1]` max for `min-max-major`, the list for
    /// fixed. Nil when absent or not usable (a range with a missing end, min above max, no readable value).
    var denominations: Denominations? {
        guard let values = denominationValues else { return nil }
        switch denominationsType {
        case .flexible:
            guard values.count >= 2, let minimum = values[0], let maximum = values[1], minimum >= 0,
                minimum <= maximum
            else { return nil }
            return .flexible(minimum: minimum, maximum: maximum)
        case .fixed:
            let readable = values.compactMap { $0 }.filter { $0 > 0 }
            return readable.isEmpty ? nil : .fixed(readable)
        }
    }

    /// The fields the resolution chain needs.
    func details(fetchedAt: Date) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: .ctx, sourceId: id, name: name, enabled: isEnabled,
            discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
            denominations: denominations, fetchedAt: fetchedAt)
    }
}
