/// Where an order stands, in the providers' shared words, plus the two states only this library knows.
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Written before the create request is sent; the provider has not answered yet.
    case creating
    /// The create request was sent but its answer was lost (the provider may or may not have the order), or
    /// the provider's latest answer used a status word this library does not know (``Order/providerStatus``
    /// says which). Never payable.
    case unknown
    /// Waiting for the Dash payment.
    case unpaid
    /// Paid; the card is being issued.
    case paid
    /// The card was delivered.
    case fulfilled
    /// Cancelled or refused by the provider.
    case rejected

    /// Whether waiting for the order ends here (fulfilled or rejected): the provider will not move it on by
    /// itself. It is not whether the order can change: a rejected order is asked again when it is looked up
    /// (a paid order the provider refused may still be fulfilled later), and only a fulfilled order with its
    /// cards kept is never asked again.
    public var isFinal: Bool { self == .fulfilled || self == .rejected }

    /// How far along an order in this status is: `creating` and `unknown` 0, `unpaid` 1, `paid` 2,
    /// `fulfilled` and `rejected` 3. A status only ever moves to a later one (or to `rejected` before the end).
    public var progress: Int {
        switch self {
        case .creating, .unknown: 0
        case .unpaid: 1
        case .paid: 2
        case .fulfilled, .rejected: 3
        }
    }
}
