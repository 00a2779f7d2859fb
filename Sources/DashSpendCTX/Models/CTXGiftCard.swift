import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// CTX's `GiftCardResponse`: a purchase and, once fulfilled, the card. All values are strings on the wire;
/// numbers are accepted and written as decimal text.
package struct CTXGiftCard: Sendable, Hashable {
    /// The order id.
    package let id: String
    /// `unpaid`, `paid`, `fulfilled` or `rejected`, as sent (read with ``CTXOrderStatus/table``).
    package let status: String
    /// The payment id.
    package let paymentId: String
    /// The card number, once fulfilled.
    package let number: String?
    /// The card PIN, once fulfilled.
    package let pin: String?
    /// The barcode image URL.
    let barcodeURL: String?
    /// The card's value.
    package let cardFiatAmount: String?
    /// The card's currency.
    package let cardFiatCurrency: String?
    /// The merchant's name.
    package let merchantName: String?
    /// How much Dash to pay.
    package let paymentCryptoAmount: String?
    /// The discount applied, in percent as text.
    let percentDiscount: String?
    /// How to redeem (`barcode`, `url`, ...).
    package let redeemType: String?
    /// The redemption URL.
    let redeemURL: String?
    /// The code that opens ``redeemURL`` (`redeemUrlChallenge`).
    let redeemURLChallenge: String?
    /// The fiat price of one DASH CTX used (`rate`).
    package let rate: String?
    /// What the order costs in fiat (`paymentFiatAmount`).
    package let paymentFiatAmount: String?
    /// The currency of ``paymentFiatAmount`` (`paymentFiatCurrency`).
    package let paymentFiatCurrency: String?
    /// Payment URIs per currency and network (`"DASH.DASH"` → a `dash:` URI).
    let paymentURLs: [String: String]
    /// When the order was created, as sent.
    package let created: String?

    /// The Dash payment URI: `paymentUrls["DASH.DASH"]`, never "the first" entry of the map.
    package var dashPaymentURL: String? { paymentURLs["DASH.DASH"] }

    /// Reads a gift card; nil when `id`, `status` or `paymentId` is missing.
    init?(json: JSONValue) {
        guard let id = json["id"]?.nonBlankString, let status = json["status"]?.nonBlankString,
            let paymentId = json["paymentId"]?.nonBlankString
        else { return nil }
        self.id = id
        self.status = status
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
        redeemURLChallenge = json["redeemUrlChallenge"]?.nonBlankString
        rate = json["rate"]?.nonBlankString
        paymentFiatAmount = json["paymentFiatAmount"]?.nonBlankString
        paymentFiatCurrency = json["paymentFiatCurrency"]?.nonBlankString
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
    package var description: String {
        "CTXGiftCard(id: \(id), status: \(status), merchant: \(merchantName ?? "?"))"
    }
}
