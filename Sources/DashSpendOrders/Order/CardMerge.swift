import DashSpendCore

/// How a provider's later list of delivered cards joins the kept one: cards are only ever added. A field
/// once kept is never cleared or overwritten; a card whose field has another value than the kept card's is
/// kept beside it, and the difference is said (which field, never its value). A card's line
/// (``DeliveredCard/line``) is not part of what it is: the kept card keeps the line it was kept under.
enum CardMerge {
    /// `kept` joined by `sent`, and what differed, one line each.
    static func merged(_ kept: [DeliveredCard], with sent: [DeliveredCard]) -> (cards: [DeliveredCard], differences: [String]) {
        var cards = kept
        var differences: [String] = []
        for (index, card) in sent.enumerated() {
            if cards.contains(where: { $0.withoutLine == card.withoutLine }) { continue }
            // The kept card at the same place, else a card added beside it earlier, that the new one only adds to.
            let candidates = (index < kept.count ? [index] : []) + Array(kept.count..<cards.count)
            if let place = candidates.first(where: { conflicts(cards[$0], card).isEmpty }) {
                cards[place] = filled(cards[place], from: card)
                continue
            }
            if index < kept.count {
                let fields = conflicts(kept[index], card).joined(separator: ", ")
                differences.append(
                    "card \(index + 1) came again with another \(fields); the first is kept, the other beside it as card "
                        + "\(cards.count + 1)")
            }
            cards.append(card)
        }
        return (cards, differences)
    }

    /// The names of the fields both cards have with different values.
    static func conflicts(_ kept: DeliveredCard, _ other: DeliveredCard) -> [String] {
        let fields: [(String, KeyPath<DeliveredCard, String?>)] = [
            ("name", \.name), ("number", \.number), ("PIN", \.pin), ("claim link", \.claimLink),
            ("barcode", \.barcodeLink), ("challenge", \.redeemChallenge),
        ]
        return fields.compactMap { name, path in
            guard let first = kept[keyPath: path], let second = other[keyPath: path], first != second else { return nil }
            return name
        }
    }

    /// `kept` with the fields it lacks taken from `other` (its line too, when it has none).
    private static func filled(_ kept: DeliveredCard, from other: DeliveredCard) -> DeliveredCard {
        var card = DeliveredCard(
            name: kept.name ?? other.name, number: kept.number ?? other.number, pin: kept.pin ?? other.pin,
            claimLink: kept.claimLink ?? other.claimLink, barcodeLink: kept.barcodeLink ?? other.barcodeLink,
            redeemChallenge: kept.redeemChallenge ?? other.redeemChallenge)
        card.line = kept.line ?? other.line
        return card
    }
}
