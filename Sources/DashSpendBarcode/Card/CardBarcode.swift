/// A gift card's code drawn as a barcode, as the wallets show it at the till: the format, why that format, and
/// the modules to draw (``image``).
///
/// The format is the provider's when it states one: neither CTX nor PiggyCards sends a format field, but the
/// barcode link they send may name it (`…/pdf417/…`, `?type=code128`). Otherwise it is Code 128 for a code of
/// at most ``code128DefaultLimit`` ASCII characters (what store scanners read) and PDF417 for anything longer
/// or beyond ASCII.
///
/// The text is the card's code, a secret: ``description`` never shows it, and neither does the image's.
///
/// ```swift
/// if let barcode = try card.barcode {
///     print(barcode.format, barcode.formatSource)  // Code 128, chosen by DashSpend
///     draw(barcode.image)  // a rectangle per dark module, the quiet zone around
/// }
/// ```
public struct CardBarcode: Sendable, Hashable, CustomStringConvertible {
    /// Where the format came from.
    public enum FormatSource: String, Sendable, Hashable, CustomStringConvertible {
        /// The provider named it (in the barcode link).
        case provider
        /// The provider named none; DashSpend chose it for the code's length and characters.
        case chosen

        /// `stated by the provider`, `chosen by DashSpend`.
        public var description: String {
            self == .provider ? "stated by the provider" : "chosen by DashSpend"
        }
    }

    /// The longest code drawn as Code 128 when the provider names no format: 48 characters (as GS1-128 allows).
    public static let code128DefaultLimit = 48

    /// The symbology.
    public let format: BarcodeFormat
    /// Whether the provider named ``format`` or DashSpend chose it.
    public let formatSource: FormatSource
    /// The encoded text: the card's code. A secret.
    public let text: String
    /// The modules to draw.
    public let image: BarcodeImage

    /// Encodes `text` in `format`, or in the format `link` names, or in the default for `text`, in that order.
    ///
    /// - Throws: ``BarcodeError`` when the text is empty, has a character the format cannot hold (Code 128:
    ///   ASCII only), or is longer than the largest symbol.
    public init(encoding text: String, format: BarcodeFormat? = nil, link: String? = nil) throws(BarcodeError) {
        let stated = format ?? link.flatMap(Self.statedFormat(inLink:))
        let chosen = stated ?? Self.defaultFormat(for: text)
        switch chosen {
        case .code128: image = try Code128Symbol(encoding: text).image()
        case .pdf417: image = try PDF417Symbol(bytes: Array(text.utf8)).image
        }
        self.format = chosen
        self.formatSource = stated == nil ? .chosen : .provider
        self.text = text
    }

    /// The format a barcode link names, or nil: its letters and digits (case ignored, separators dropped)
    /// containing `pdf417`, or `code128`. A link naming both names none.
    public static func statedFormat(inLink link: String) -> BarcodeFormat? {
        let folded = String(link.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        let named = BarcodeFormat.allCases.filter { folded.contains($0.rawValue) }
        return named.count == 1 ? named[0] : nil
    }

    /// Code 128 for up to ``code128DefaultLimit`` ASCII characters, else PDF417.
    public static func defaultFormat(for text: String) -> BarcodeFormat {
        text.unicodeScalars.count <= code128DefaultLimit && text.unicodeScalars.allSatisfy { $0.value < 128 } ? .code128 : .pdf417
    }

    /// The format and its source, never the text.
    public var description: String { "CardBarcode(\(format), \(formatSource))" }
}
