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
    /// `enabled`; nil when missing or not a boolean.
    let enabled: Bool?
    /// `userDiscount` (staging, per user), basis points, as sent (``OfferPlausibility`` judges it).
    let userDiscount: Int?
    /// `savingsPercentage` (production), basis points, as sent (``OfferPlausibility`` judges it).
    let savingsPercentage: Int?
    /// What the reader itself found implausible (an `enabled` that is not a boolean).
    let findings: [OfferPlausibility.Finding]
    /// `denominationsType` or the legacy `denominationType`, trimmed and lowercased.
    let denominationsTypeText: String?
    /// `denominations` or `denominationValues`, each parsed; nil entries could not be read.
    let denominationValues: [Decimal?]?
    /// `cachedLocationCount` (production) or `locationCount` (staging).
    let locationCount: Int?
    /// The fields the offer is made from, as CTX sent them (``rawKeys``).
    let raw: JSONValue?

    /// The CTX fields an offer is made from, kept as received beside the stored answer.
    static let rawKeys = [
        "id", "name", "enabled", "userDiscount", "savingsPercentage", "denominationsType", "denominationType",
        "denominations", "denominationValues",
    ]

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
        let enabled = OfferPlausibility.enabled(json["enabled"])
        self.enabled = enabled.value
        findings = enabled.finding.map { [$0] } ?? []
        userDiscount = json["userDiscount"]?.int
        savingsPercentage = json["savingsPercentage"]?.int
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
        raw = json.picking(Self.rawKeys)
    }

    /// `userDiscount ?? savingsPercentage` (Android's order: an explicit `userDiscount: 0` wins); an
    /// implausible value (see ``OfferPlausibility/discountProblem(_:)``) counts as missing.
    var discountBasisPoints: Int? {
        [userDiscount, savingsPercentage].lazy.compactMap { $0 }.first { OfferPlausibility.discountProblem($0) == nil }
    }

    /// `enabled`: missing → true (Android's default); present but not a boolean → nil (missing for the
    /// chain, which falls through to the next source).
    var isEnabled: Bool? { findings.contains { $0.field == "enabled" } ? nil : enabled ?? true }

    /// The type: `min-max` and `min-max-major` are flexible, anything else (or nothing) is fixed.
    var denominationsType: DenominationsType {
        DenominationsType(parsing: denominationsTypeText) ?? .fixed
    }

    /// The values: `[min, max]` for `min-max`, `[0]` min and `[1]` max for `min-max-major`, the list for
    /// fixed. Nil when absent or not usable (a range with a missing end, no readable value); absurd values
    /// are left for ``OfferPlausibility`` to drop.
    var denominations: Denominations? {
        guard let values = denominationValues else { return nil }
        switch denominationsType {
        case .flexible:
            guard values.count >= 2, let minimum = values[0], let maximum = values[1] else { return nil }
            return .flexible(minimum: minimum, maximum: maximum)
        case .fixed:
            let readable = values.compactMap { $0 }
            return readable.isEmpty ? nil : .fixed(readable)
        }
    }

    /// The fields the resolution chain needs, with implausible ones dropped (``OfferPlausibility``).
    func details(fetchedAt: Date) -> ProviderMerchantDetails {
        var findings = self.findings
        for (name, value) in [("userDiscount", userDiscount), ("savingsPercentage", savingsPercentage)] {
            if let value, let problem = OfferPlausibility.discountProblem(value) {
                findings.append(OfferPlausibility.Finding(field: "discount", reason: "\(name): \(problem)"))
            }
        }
        return OfferPlausibility.checked(
            ProviderMerchantDetails(
                provider: .ctx, sourceId: id, name: name, enabled: isEnabled,
                discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
                denominations: denominations, fetchedAt: fetchedAt, raw: raw),
            findings: findings)
    }
}
