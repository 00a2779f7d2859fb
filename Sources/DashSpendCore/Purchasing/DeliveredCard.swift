/// One gift card a provider delivered for an order: what the buyer needs to redeem it.
///
/// Its ``description`` never shows the number or the PIN.
public struct DeliveredCard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The card's name at the provider, if it gave one.
    public var name: String?
    /// The card number (CTX `number`, PiggyCards `claimCode`).
    public var number: String?
    /// The PIN (CTX `pin`, PiggyCards `claimPin`).
    public var pin: String?
    /// Where to redeem the card online (CTX `redeemUrl`, PiggyCards `claimLink`). May carry the code itself:
    /// a secret, as the number is.
    public var claimLink: String?
    /// The barcode image (CTX `barcodeUrl`, PiggyCards `barcodeLink` or `barcodelink`). May carry the code
    /// itself: a secret, as the number is.
    public var barcodeLink: String?
    /// The code that opens a URL card's ``claimLink`` (CTX `redeemUrlChallenge`): a secret, as the PIN is.
    public var redeemChallenge: String?
    /// Which line of its order the card was delivered under (0 for the first of the order's lines), set when
    /// the card is kept for an order of several lines; nil for an order of one line. Providers do not say:
    /// the cards are taken to come in the order of the lines (the first line's quantity first). Not part of
    /// the card's `Codable` form: the orders database keeps it beside the card.
    public var line: Int? = nil

    /// Creates a card.
    public init(
        name: String? = nil, number: String? = nil, pin: String? = nil, claimLink: String? = nil,
        barcodeLink: String? = nil, redeemChallenge: String? = nil
    ) {
        self.name = name
        self.number = number
        self.pin = pin
        self.claimLink = claimLink
        self.barcodeLink = barcodeLink
        self.redeemChallenge = redeemChallenge
    }

    private enum CodingKeys: String, CodingKey {
        case name, number, pin, claimLink, barcodeLink, redeemChallenge
    }

    /// The card without its ``line``: what tells two deliveries of one card apart from two cards.
    public var withoutLine: DeliveredCard {
        var card = self
        card.line = nil
        return card
    }

    /// Whether the card carries anything to redeem it with.
    public var isUsable: Bool {
        number != nil || pin != nil || claimLink != nil || barcodeLink != nil || redeemChallenge != nil
    }

    /// Whether the card carries a secret beyond its name (a number, PIN, challenge or link): what a display
    /// masks unless asked to reveal it.
    public var hasSecrets: Bool { isUsable }

    /// A description without the number, PIN, challenge or links.
    public var description: String { "DeliveredCard(name: \(name ?? "?"))" }
}
