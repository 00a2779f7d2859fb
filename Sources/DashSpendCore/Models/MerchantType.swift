/// Where a merchant can be used.
public enum MerchantType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Online only.
    case online
    /// In physical locations only.
    case physical
    /// Online and in physical locations.
    case both
    /// The database had no type or one this build does not know.
    case unknown

    /// Reads the database value case-insensitively; anything unexpected is ``unknown`` (never a crash).
    public init(parsing raw: String?) {
        let normalized = raw?.trimmedWhitespace.lowercased() ?? ""
        self = MerchantType(rawValue: normalized) ?? .unknown
    }
}
