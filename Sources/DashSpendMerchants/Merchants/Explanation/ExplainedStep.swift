public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One source of a field's chain (see ``ExplainedField``): where it is, its value or none, and its
/// ``Outcome``: used, shadowed by a source above it, or absent and why. Every part is a value a program can
/// branch on or word in its own language; nothing here is prose.
public struct ExplainedStep: Sendable, Hashable {
    /// The source.
    public let source: ValueSource
    /// Where in the source: a column of the explore database, the provider's answer, the state database;
    /// nil when the source has one place only (the default) or was not consulted (a hidden provider).
    public let place: Place?
    /// The value this source has for the field; nil when it has none (``Outcome/absent(_:)`` says why).
    public let value: Value?
    /// Whether the field takes this source's value, and if not, why not.
    public let outcome: Outcome
    /// For live and stored answers: when the provider answered.
    public let fetchedAt: Date?
    /// What the provider said about its `enabled` value, when it said something (PiggyCards: why a brand is
    /// disabled, such as every card being out of stock); the provider's own words, kept as it gave them.
    public let providerReason: String?
    /// For the merchant's own top-line `enabled` (``ExplainedField/provider`` nil): why this offer ranks
    /// where it does, or why the merchant row decides; nil for every other step.
    public let topLine: TopLine?

    /// Creates a step.
    public init(
        source: ValueSource, place: Place? = nil, value: Value?, outcome: Outcome, fetchedAt: Date? = nil,
        providerReason: String? = nil, topLine: TopLine? = nil
    ) {
        self.source = source
        self.place = place
        self.value = value
        self.outcome = outcome
        self.fetchedAt = fetchedAt
        self.providerReason = providerReason
        self.topLine = topLine
    }

    /// Whether the field takes this step's value.
    public var isUsed: Bool {
        if case .used = outcome { return true }
        return false
    }
}
