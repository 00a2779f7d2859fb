/// Where a resolved value came from, best first.
public enum ValueSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The provider's API answered during this run.
    case live
    /// The last live answer, read back from the project's own state store.
    case cached
    /// The explore database.
    case local
    /// A constant, because no source had a valid value.
    case `default`
}
