#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A value together with the source it was resolved from, so a caller can ask *why* it is what it is.
public struct Resolved<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// Which source in the fallback chain supplied it.
    public let source: ValueSource
    /// For `live` and `cached` values: the provider that answered.
    public let provider: GiftCardProvider?
    /// For `live` and `cached` values: when the provider answered.
    public let fetchedAt: Date?

    /// Creates a resolved value.
    public init(_ value: Value, source: ValueSource, provider: GiftCardProvider? = nil, fetchedAt: Date? = nil) {
        self.value = value
        self.source = source
        self.provider = provider
        self.fetchedAt = fetchedAt
    }
}

extension Resolved: Equatable where Value: Equatable {}

extension Resolved {
    /// Walks a fallback chain: the first candidate with a value wins, else `fallback` with source `default`.
    ///
    /// - Parameters:
    ///   - candidates: the sources in order, each with its value if that source had a valid one.
    ///   - fallback: the constant used when no source has a value.
    public static func first(
        _ candidates: [(value: Value?, source: ValueSource, provider: GiftCardProvider?, fetchedAt: Date?)],
        default fallback: Value
    ) -> Resolved<Value> {
        for candidate in candidates {
            if let value = candidate.value {
                return Resolved(
                    value, source: candidate.source, provider: candidate.provider,
                    fetchedAt: candidate.fetchedAt)
            }
        }
        return Resolved(fallback, source: .default)
    }
}
