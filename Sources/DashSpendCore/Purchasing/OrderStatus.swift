/// Where an order stands, in the providers' shared words, plus the two states only this library knows.
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Written before the create request is sent; the provider has not answered yet.
    case creating
    /// The create request was sent but its answer was lost: the provider may or may not have the order.
    case unknown
    /// Waiting for the Dash payment.
    case unpaid
    /// Paid; the card is being issued.
    case paid
    /// The card was delivered.
    case fulfilled
    /// Cancelled or refused by the provider.
    case rejected

    /// Whether the order can no longer change (fulfilled or rejected).
    public var isFinal: Bool { self == .fulfilled || self == .rejected }

    /// Maps a provider's status word (`unpaid`, `paid`, `fulfilled`, `rejected`, any case); anything else is
    /// ``unpaid``, as the wallets read it.
    public init(providerWord: String) {
        self =
            OrderStatus(rawValue: providerWord.trimmedWhitespace.lowercased()).flatMap {
                $0 == .creating || $0 == .unknown ? nil : $0
            } ?? .unpaid
    }
}
