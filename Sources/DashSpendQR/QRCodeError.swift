/// Why a text could not be encoded as a QR code.
package enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is longer, in UTF-8 bytes, than the largest symbol (version 40, error-correction level M)
    /// holds; `maximum` is that capacity (2,331 bytes).
    case tooLong(byteCount: Int, maximum: Int)

    /// A one-line message that says what happened.
    package var description: String {
        switch self {
        case .tooLong(let byteCount, let maximum):
            return "the text is \(byteCount) bytes long; a QR code (version 40, error correction M) holds at most \(maximum)"
        }
    }
}
