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
    /// Where to redeem the card online (CTX `redeemUrl`, PiggyCards `claimLink`).
    public var claimLink: String?
    /// The barcode image (CTX `barcodeUrl`, PiggyCards `barcodeLink`).
    public var barcodeLink: String?

    /// Creates a card.
    public init(
        name: String? = nil, number: String? = nil, pin: String? = nil, claimLink: String? = nil,
        barcodeLink: String? = nil
    ) {
        self.name = name
        self.number = number
        self.pin = pin
        self.claimLink = claimLink
        self.barcodeLink = barcodeLink
    }

    /// Whether the card carries anything to redeem it with.
    public var isUsable: Bool { number != nil || pin != nil || claimLink != nil || barcodeLink != nil }

    /// A description without the number or PIN.
    public var description: String { "DeliveredCard(name: \(name ?? "?"))" }
}
