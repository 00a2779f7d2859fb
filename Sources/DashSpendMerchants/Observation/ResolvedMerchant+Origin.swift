public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension ResolvedMerchant {
    /// Where a resolved merchant's values come from, as a whole: the best source any of its values has
    /// (live, then cached, then the explore database, then defaults), and the oldest fetch time among the
    /// values of that source (so the age shown is never younger than the oldest value it covers).
    public struct Origin: Sendable, Hashable {
        /// The best source among the merchant's values.
        public let source: ValueSource
        /// For `live` and `cached`: when the oldest value of that source was fetched.
        public let fetchedAt: Date?
    }

    /// Where this merchant's values come from, as a whole.
    public var origin: Origin {
        var sources: [(ValueSource, Date?)] = [(enabled.source, enabled.fetchedAt)]
        for offer in offers {
            sources.append((offer.enabled.source, offer.enabled.fetchedAt))
            sources.append((offer.discountBasisPoints.source, offer.discountBasisPoints.fetchedAt))
            sources.append((offer.denominations.source, offer.denominations.fetchedAt))
        }
        let best = ValueSource.allCases.first { source in sources.contains { $0.0 == source } } ?? .default
        let fetched = sources.filter { $0.0 == best }.compactMap(\.1).min()
        return Origin(source: best, fetchedAt: fetched)
    }
}
