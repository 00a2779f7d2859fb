/// Whether a gift card comes in fixed values or any amount within a range.
public enum DenominationsType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A list of card values.
    case fixed
    /// Any amount between a minimum and a maximum (`min-max` in the database and APIs).
    case flexible = "min-max"

    /// Parses the spellings seen in the explore database and the provider APIs, case-insensitively and
    /// trimmed: `fixed`, `min-max`, `min-max-major`, `range` (PiggyCards), `flexible`, `option` (a fixed list).
    /// Returns nil for anything else (for instance a `redeemType` such as `barcode`).
    public init?(parsing raw: String?) {
        guard let raw else { return nil }
        switch raw.trimmedWhitespace.lowercased() {
        case "fixed", "option": self = .fixed
        case "min-max", "min-max-major", "minmax", "range", "flexible": self = .flexible
        default: return nil
        }
    }
}
