import DashSpendCore
import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A card's value as a person types it (`25`, `12.50`), optionally with how many cards of it (`25x2`: two
/// cards of 25): plain digits with at most one `.`, no sign, no grouping, no exponent, above zero; the
/// quantity plain digits from 1 to ``maximumQuantity``. Whether the card is sold for it (its values, its
/// range, cents, several cards in one order) is the quote's to check
/// (``DashSpendClient/quote(merchant:amounts:provider:again:)``).
public struct PurchaseAmount: Sendable, Hashable {
    /// The value of each card.
    public let value: Decimal
    /// How many cards of ``value`` (1 unless written `VALUExQUANTITY`).
    public let quantity: Int

    /// The largest value read: more digits than that are a mistake, not a gift card.
    public static let maximumDigits = 9
    /// The most cards of one value read in one order.
    public static let maximumQuantity = 100

    /// `quantity` cards of `value` (neither is checked here: the quote refuses what it cannot order).
    public init(value: Decimal, quantity: Int = 1) {
        self.value = value
        self.quantity = quantity
    }

    /// Reads `text` (trimmed); throws a ``DashSpendFailure`` of kind ``DashSpendFailure/Kind/invalidRequest``
    /// with a message that shows the form wanted and what was given. (Untyped `throws`, as the rest of the
    /// public API: a consumer's `catch … where` over typed throws crashes the 6.3.1 compiler.)
    public init(parsing text: String) throws {
        let trimmed = text.trimmedWhitespace
        let shown = trimmed.count > 40 ? String(trimmed.prefix(40)) + "..." : trimmed
        let pieces = trimmed.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "X", maxSplits: 1, omittingEmptySubsequences: false) }
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (48...57).contains($0) } }
        let written = pieces.first ?? ""
        let parts = written.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count <= 2, let whole = parts.first, isDigits(whole), whole.count <= Self.maximumDigits,
            parts.count == 1 || isDigits(parts[1]), let value = Decimal(plainText: String(written)), value > 0
        else {
            throw DashSpendFailure(
                .invalidRequest,
                "the amount must be a positive amount like 25 or 12.50 (or 25x2 for two cards), not \"\(shown)\"",
                subject: shown)
        }
        var quantity = 1
        if pieces.count == 2 {
            let count = pieces[1]
            guard isDigits(count), count.count <= 3, let number = Int(count), (1...Self.maximumQuantity).contains(number)
            else {
                throw DashSpendFailure(
                    .invalidRequest,
                    "the number of cards after x must be from 1 to \(Self.maximumQuantity), like 25x2, not \"\(shown)\"",
                    subject: shown)
            }
            quantity = number
        }
        self.value = value
        self.quantity = quantity
    }
}
