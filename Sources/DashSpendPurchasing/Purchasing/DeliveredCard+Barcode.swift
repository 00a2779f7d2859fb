public import DashSpendBarcode
public import DashSpendCore

extension DeliveredCard {
    /// The card's number as a barcode to show at the till, as the wallets draw it, or nil for a card without a
    /// number (a URL card, a PIN alone).
    ///
    /// The format is the one the provider names in ``barcodeLink`` (`…pdf417…`, `…code128…`), else Code 128
    /// for a number of up to `CardBarcode.code128DefaultLimit` ASCII characters, else PDF417;
    /// `CardBarcode.formatSource` says which. The barcode encodes the number itself: show or store it only
    /// where the number may be shown.
    ///
    /// - Throws: `BarcodeError` when the provider names Code 128 for a number it cannot hold (beyond
    ///   ASCII), or the number is longer than the largest PDF417 symbol.
    public var barcode: CardBarcode? {
        get throws(BarcodeError) {
            guard let number, !number.isEmpty else { return nil }
            return try CardBarcode(encoding: number, link: barcodeLink)
        }
    }
}
