#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// One card of a PiggyCards order, as `orders/{id}` lists it once delivered.
package struct PiggyCardsDeliveredCard: Sendable, Hashable {
    /// The card's name.
    package let name: String?
    /// The claim code (the card number).
    package let claimCode: String?
    /// The claim PIN.
    package let claimPin: String?
    /// The barcode image URL (`barcodeLink` as iOS reads it, or `barcodelink` as Android does).
    package let barcodeLink: String?
    /// PiggyCards' card status, as sent.
    package let cardStatus: String?
    /// Where to redeem the card online.
    package let claimLink: String?
    /// PiggyCards' `answer` (redemption notes).
    package let answer: String?

    /// Reads a card; nil when the element is not an object.
    init?(json: JSONValue) {
        guard json.object != nil else { return nil }
        name = json["name"]?.nonBlankString
        claimCode = json["claimCode"]?.nonBlankString
        claimPin = json["claimPin"]?.nonBlankString
        barcodeLink = json["barcodeLink"]?.nonBlankString ?? json["barcodelink"]?.nonBlankString
        cardStatus = json["cardStatus"]?.nonBlankString
        claimLink = json["claimLink"]?.nonBlankString
        answer = json["answer"]?.nonBlankString
    }
}

extension PiggyCardsDeliveredCard: CustomStringConvertible {
    /// A description without the claim code or PIN.
    package var description: String {
        "PiggyCardsDeliveredCard(name: \(name ?? "?"), status: \(cardStatus ?? "?"))"
    }
}
#endif
