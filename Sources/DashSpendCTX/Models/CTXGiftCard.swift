import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// CTX's `GiftCardResponse`: a purchase and, once fulfilled, the card. All values are strings on the wire;
/// numbers are accepted and written as decimal text.
public struct CTXGiftCard: Sendable, Hashable {
    /// The order id.
    public let id: String
    /// `unpaid`, `paid`, `fulfilled` or `rejected` (as sent, lowercased).
    public let status: String
    /// The payment id.
    public let paymentId: String
    /// The card number, once fulfilled.
    public let number: String?
    /// The card PIN, once fulfilled.
    public let pin: String?
    /// The barcode image URL.
    public let barcodeURL: String?
    /// The card's value.
    public let cardFiatAmount: String?
    /// The card's currency.
    public let cardFiatCurrency: String?
    /// The merchant's name.
    public let merchantName: String?
    /// How much Dash to pay.
    public let paymentCryptoAmount: String?
    /// The discount applied, in percent as text.
    public let percentDiscount: String?
    /// How to redeem (`barcode`, `url`, ...).
    public let redeemType: String?
    /// The redemption URL.
    public let redeemURL: String?
    /// Payment URIs per currency and network (`"DASH.DASH"` → a `dash:` URI).
    public let paymentURLs: [String: String]
    /// When the order was created, as sent.
    public let created: String?

    /// The Dash payment URI: `paymentUrls["DASH.DASH"]`, never "the first" entry of the map.
    public var dashPaymentURL: String? { paymentURLs["DASH.DASH"] }

    /// Reads a gift card; nil when `id`, `status` or `paymentId` is missing.
    init?(json: JSONValue) {
        guard let id = json["id"]?.nonBlankString, let status = json["status"]?.nonBlankString,
            let paymentId = json["paymentId"]?.nonBlankString
        else { return nil }
        self.id = id
        self.status = status.lowercased()
        self.paymentId = paymentId
        number = json["number"]?.nonBlankString
        pin = json["pin"]?.nonBlankString
        barcodeURL = json["barcodeUrl"]?.nonBlankString
        cardFiatAmount = json["cardFiatAmount"]?.nonBlankString
        cardFiatCurrency = json["cardFiatCurrency"]?.nonBlankString
        merchantName = json["merchantName"]?.nonBlankString
        paymentCryptoAmount = json["paymentCryptoAmount"]?.nonBlankString
        percentDiscount = json["percentDiscount"]?.nonBlankString
        redeemType = json["redeemType"]?.nonBlankString
        redeemURL = json["redeemUrl"]?.nonBlankString
        var urls: [String: String] = [:]
        for (key, value) in json["paymentUrls"]?.object ?? [:] {
            if let text = value.nonBlankString { urls[key] = text }
        }
        paymentURLs = urls
        created = json["created"]?.nonBlankString
    }
}

extension CTXGiftCard: CustomStringConvertible {
    /// A description without the card number or PIN.
    public var description: String {
        "CTXGiftCard(id: \(id), status: \(status), merchant: \(merchantName ?? "?"))"
    }
}
