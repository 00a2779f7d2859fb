/// The order of search results.
public enum MerchantSort: String, Sendable, Hashable, CaseIterable {
    /// By name, case-insensitively.
    case name
    /// Nearest location first (needs a search point).
    case distance
    /// Highest discount first.
    case discount
}
