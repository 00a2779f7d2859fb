/// One provider's status words and what they mean: the words both wallets read, compared trimmed and in any
/// case. A word the table does not have is ``OrderStatus/unknown``: never payable, whatever one wallet makes
/// of it (Android shows a payment for any word it does not know).
public struct OrderStatusTable: Sendable, Hashable {
    /// Lowercased word → status.
    private let statuses: [String: OrderStatus]

    /// A table of `words` (any case) and their statuses.
    public init(_ words: [String: OrderStatus]) {
        var statuses: [String: OrderStatus] = [:]
        for (word, status) in words { statuses[word.trimmedWhitespace.lowercased()] = status }
        self.statuses = statuses
    }

    /// The status `word` means (trimmed, any case); ``OrderStatus/unknown`` for a word the table does not
    /// have, a blank one, or none.
    public func status(for word: String?) -> OrderStatus {
        guard let word else { return .unknown }
        return statuses[word.trimmedWhitespace.lowercased()] ?? .unknown
    }

    /// Whether `word` is one of the table's (trimmed, any case).
    public func knows(_ word: String?) -> Bool {
        guard let word else { return false }
        return statuses[word.trimmedWhitespace.lowercased()] != nil
    }
}
