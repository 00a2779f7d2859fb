import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One source of a field's chain (see ``ExplainedField``): its value, or nil and why not.
public struct ExplainedStep: Sendable, Hashable {
    /// The source.
    public let source: ValueSource
    /// Where in the source: `gift_card_providers.active`, `merchant.active`, the provider's answer; nil
    /// when the source has one place only.
    public let place: String?
    /// The value this source has for the field, as text (`false`, `300`, `fixed`, `10, 25, 50`,
    /// `5...500`); nil when it has none.
    public let value: String?
    /// Why it has this value or none: `not signed in`, `HTTP 500 ...`, `the answer has no enabled`,
    /// `not in the state database`, `NULL in the database`, `used`, `a source above won`, ...
    public let reason: String
    /// For live and stored answers: when the provider answered.
    public let fetchedAt: Date?

    /// Creates a step.
    public init(source: ValueSource, place: String? = nil, value: String?, reason: String, fetchedAt: Date? = nil) {
        self.source = source
        self.place = place
        self.value = value
        self.reason = reason
        self.fetchedAt = fetchedAt
    }
}
