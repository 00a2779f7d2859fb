/// How a merchant is paid.
public enum PaymentMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// The merchant takes Dash directly.
    case dash
    /// The merchant is paid through a gift card bought from a provider.
    case giftCard = "gift card"

    /// Reads the database value: anything but `dash` (trimmed, any case) is a gift card.
    public init(parsing raw: String?) {
        let normalized = raw?.trimmedWhitespace.lowercased()
        self = normalized == "dash" ? .dash : .giftCard
    }
}
