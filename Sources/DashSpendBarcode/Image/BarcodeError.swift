/// Why a text could not be drawn as a barcode.
public enum BarcodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is nothing to encode.
    case empty
    /// `format` cannot encode the character at `offset` (counted in characters from 0): Code 128 holds the
    /// 128 ASCII characters only.
    case unencodableCharacter(format: BarcodeFormat, offset: Int)
    /// The text needs more than the largest symbol of `format` holds; `maximum` is that capacity, in the
    /// unit of `count` (bytes for PDF417).
    case tooLong(format: BarcodeFormat, count: Int, maximum: Int)

    /// A one-line message that says what happened (never the text itself: it may be a card number).
    public var description: String {
        switch self {
        case .empty:
            return "there is no text to draw as a barcode"
        case .unencodableCharacter(let format, let offset):
            return "\(format) cannot encode character \(offset + 1) of the text (it holds ASCII only)"
        case .tooLong(let format, let count, let maximum):
            return "the text is \(count) bytes long; a \(format) symbol holds at most \(maximum)"
        }
    }
}
