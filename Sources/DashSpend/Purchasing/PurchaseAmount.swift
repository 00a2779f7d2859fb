import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A card's value as a person types it (`25`, `12.50`): plain digits with at most one `.`, no sign, no
/// grouping, no exponent, above zero. Whether the card is sold for it (its values, its range, cents) is the
/// quote's to check (``DashSpendClient/quote(merchant:amount:provider:again:)``).
public struct PurchaseAmount: Sendable, Hashable {
    /// The value.
    public let value: Decimal

    /// The largest value read: more digits than that are a mistake, not a gift card.
    public static let maximumDigits = 9

    /// Reads `text` (trimmed); throws a ``DashSpendFailure`` of kind ``DashSpendFailure/Kind/invalidRequest``
    /// with a message that shows the form wanted and what was given. (Untyped `throws`, as the rest of the
    /// public API: a consumer's `catch … where` over typed throws crashes the 6.3.1 compiler.)
    public init(parsing text: String) throws {
        let trimmed = text.trimmedWhitespace
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (48...57).contains($0) } }
        guard let whole = parts.first, isDigits(whole), whole.count <= Self.maximumDigits,
            parts.count == 1 || isDigits(parts[1]), let value = Decimal(plainText: trimmed), value > 0
        else {
            let shown = trimmed.count > 40 ? String(trimmed.prefix(40)) + "..." : trimmed
            throw DashSpendFailure(
                .invalidRequest, "the amount must be a positive amount like 25 or 12.50, not \"\(shown)\"", subject: shown)
        }
        self.value = value
    }
}
