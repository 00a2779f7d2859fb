#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The one place that says which offer values can be real. A provider answer (CTX, PiggyCards) and an
/// answer read back from the offer store pass through `checked(_:)`: a field outside these bounds counts
/// as missing, so the resolution chain falls through to the next source for that field alone, and the
/// reason is kept in ``ProviderMerchantDetails/implausibleFields``.
///
/// - Discount: strictly between −100 % and +100 % (|basis points| < 10,000): a card cannot be free, and
///   a fee of 100 % or more is not an offer.
/// - Denominations: each fixed value, and both ends of a range, above zero, at most 10,000 in the card's
///   currency and with at most two decimals; a range's minimum not above its maximum. One absurd value
///   makes the whole field missing (the rest of such a list is not trusted either).
/// - Enabled: a boolean (the lenient reader's `true`/`false` and `0`/`1`); anything else is missing.
public enum OfferPlausibility {
    /// A discount must be strictly inside ±this many basis points (100 %).
    public static let discountLimit = 10_000
    /// The largest plausible card value or range end, in the card's currency.
    public static let maximumDenomination: Decimal = 10_000
    /// The most decimals a card value may have (cents).
    public static let maximumFractionDigits = 2

    /// A field of an answer that was not plausible, and why.
    public struct Finding: Sendable, Hashable, Codable {
        /// `enabled`, `discount` or `denominations`.
        public let field: String
        /// Why, e.g. `10000 basis points is not within ±100 %`.
        public let reason: String

        /// Creates a finding.
        public init(field: String, reason: String) {
            self.field = field
            self.reason = reason
        }
    }

    /// Why `basisPoints` cannot be a discount, or nil when it can.
    public static func discountProblem(_ basisPoints: Int) -> String? {
        basisPoints.magnitude < discountLimit.magnitude
            ? nil : "\(basisPoints) basis points is not within ±100 %"
    }

    /// Why `denominations` cannot be a card's amounts, or nil when they can.
    public static func denominationsProblem(_ denominations: Denominations) -> String? {
        switch denominations.type {
        case .fixed:
            return denominations.values.lazy.compactMap(amountProblem).first
        case .flexible:
            guard let minimum = denominations.minimum, let maximum = denominations.maximum else {
                return "a range without both ends"
            }
            if let problem = amountProblem(minimum) ?? amountProblem(maximum) { return problem }
            return minimum <= maximum ? nil : "the range's minimum \(minimum) is above its maximum \(maximum)"
        }
    }

    /// Why `amount` cannot be a card value, or nil when it can.
    public static func amountProblem(_ amount: Decimal) -> String? {
        if amount.isNaN { return "an amount that is not a number" }
        if amount <= 0 { return "the amount \(amount) is not above zero" }
        if amount > maximumDenomination { return "the amount \(amount) is above \(maximumDenomination)" }
        if fractionDigits(amount) > maximumFractionDigits { return "the amount \(amount) has more than two decimals" }
        return nil
    }

    /// `details` with every implausible field set to nil and a ``Finding`` for it added to
    /// ``ProviderMerchantDetails/implausibleFields`` (after `findings`, those the parser made itself, such
    /// as an `enabled` that is not a boolean).
    public static func checked(_ details: ProviderMerchantDetails, findings: [Finding] = []) -> ProviderMerchantDetails {
        var found = details.implausibleFields + findings
        var discount = details.discountBasisPoints
        if let value = discount, let problem = discountProblem(value) {
            found.append(Finding(field: "discount", reason: problem))
            discount = nil
        }
        var denominations = details.denominations
        if let value = denominations, let problem = denominationsProblem(value) {
            found.append(Finding(field: "denominations", reason: problem))
            denominations = nil
        }
        return ProviderMerchantDetails(
            provider: details.provider, sourceId: details.sourceId, name: details.name, enabled: details.enabled,
            discountBasisPoints: discount, denominationsType: details.denominationsType, denominations: denominations,
            fetchedAt: details.fetchedAt, implausibleFields: found, raw: details.raw, enabledReason: details.enabledReason)
    }

    /// `value` read as a boolean; nil with a finding when present but not a boolean. Absent or null is
    /// nil with no finding (the caller applies its own default).
    public static func enabled(_ value: JSONValue?) -> (value: Bool?, finding: Finding?) {
        guard let value, value != .null else { return (nil, nil) }
        if let flag = value.bool { return (flag, nil) }
        return (nil, Finding(field: "enabled", reason: "enabled is not a boolean"))
    }

    private static func fractionDigits(_ amount: Decimal) -> Int {
        let text = amount.exactText
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].reversed().drop { $0 == "0" }.count
    }
}
