#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// One card of a PiggyCards order, as `orders/{id}` lists it once delivered.
public struct PiggyCardsDeliveredCard: Sendable, Hashable {
    /// The card's name.
    public let name: String?
    /// The claim code (the card number).
    public let claimCode: String?
    /// The claim PIN.
    public let claimPin: String?
    /// The barcode image URL.
    public let barcodeLink: String?
    /// PiggyCards' card status, as sent.
    public let cardStatus: String?
    /// Where to redeem the card online.
    public let claimLink: String?
    /// PiggyCards' `answer` (redemption notes).
    public let answer: String?

    /// Reads a card; nil when the element is not an object.
    init?(json: JSONValue) {
        guard json.object != nil else { return nil }
        name = json["name"]?.nonBlankString
        claimCode = json["claimCode"]?.nonBlankString
        claimPin = json["claimPin"]?.nonBlankString
        barcodeLink = json["barcodeLink"]?.nonBlankString
        cardStatus = json["cardStatus"]?.nonBlankString
        claimLink = json["claimLink"]?.nonBlankString
        answer = json["answer"]?.nonBlankString
    }
}

extension PiggyCardsDeliveredCard: CustomStringConvertible {
    /// A description without the claim code or PIN.
    public var description: String {
        "PiggyCardsDeliveredCard(name: \(name ?? "?"), status: \(cardStatus ?? "?"))"
    }
}
#endif
