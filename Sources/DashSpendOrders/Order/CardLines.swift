import DashSpendCore

/// Which line of an order of several lines each delivered card belongs to. Providers list an order's cards
/// without saying which line each is for (PiggyCards' `cards` carry a name and the codes, no value): they
/// are taken in the order of the lines, the first line's quantity first, then the second's; a card past the
/// last line's quantity (more than were ordered) is the last line's, so it is kept and shown all the same.
enum CardLines {
    /// `cards` as sent, each with its line (``DeliveredCard/line``) for an order of `lines`; unchanged for an
    /// order of one line (its cards have no line to say).
    static func assigned(_ cards: [DeliveredCard], to lines: [OrderLine]) -> [DeliveredCard] {
        guard lines.count > 1 else { return cards }
        var ends: [Int] = []
        var end = 0
        for line in lines {
            end += max(0, line.quantity)
            ends.append(end)
        }
        return cards.enumerated().map { position, card in
            var placed = card
            placed.line = ends.firstIndex { position < $0 } ?? (lines.count - 1)
            return placed
        }
    }
}
