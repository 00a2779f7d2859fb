#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The amounts a gift card can be bought for.
public struct Denominations: Sendable, Hashable, Codable {
    /// Fixed values or a range.
    public let type: DenominationsType
    /// For fixed cards, the card values, ascending; empty when unknown.
    public let values: [Decimal]
    /// For flexible cards, the smallest amount.
    public let minimum: Decimal?
    /// For flexible cards, the largest amount.
    public let maximum: Decimal?

    /// Fixed card values (sorted and de-duplicated here).
    public static func fixed(_ values: [Decimal]) -> Denominations {
        Denominations(type: .fixed, values: Array(Set(values)).sorted(), minimum: nil, maximum: nil)
    }

    /// A range of amounts.
    public static func flexible(minimum: Decimal, maximum: Decimal) -> Denominations {
        Denominations(type: .flexible, values: [], minimum: minimum, maximum: maximum)
    }

    /// The default when no source knows the values: fixed with no values, or the Android purchase
    /// screen's range of 5 to 500 for flexible cards.
    public static func fallback(for type: DenominationsType) -> Denominations {
        switch type {
        case .fixed: return .fixed([])
        case .flexible: return .flexible(minimum: 5, maximum: 500)
        }
    }

    /// Reads denominations written as text: fixed values separated by commas (`25, 50, 100`), or a range as
    /// its two ends (`5..500`). Nil for anything else (an empty list, a value that is not a plain decimal, a
    /// range whose ends are reversed).
    public init?(listed text: String) {
        if let range = text.firstOccurrence(of: "..") {
            guard let low = Decimal(plainText: String(text[..<range.lowerBound])),
                let high = Decimal(plainText: String(text[range.upperBound...])), low <= high
            else { return nil }
            self = .flexible(minimum: low, maximum: high)
            return
        }
        let values = text.split(separator: ",").map { Decimal(plainText: String($0)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
        self = .fixed(values.compactMap { $0 })
    }

    private init(type: DenominationsType, values: [Decimal], minimum: Decimal?, maximum: Decimal?) {
        self.type = type
        self.values = values
        self.minimum = minimum
        self.maximum = maximum
    }
}
