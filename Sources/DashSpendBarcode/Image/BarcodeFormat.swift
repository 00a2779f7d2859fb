/// The barcode symbologies a gift card is drawn in.
public enum BarcodeFormat: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Code 128 (ISO/IEC 15417): a linear code of the 128 ASCII characters, what most store cards use.
    case code128
    /// PDF417 (ISO/IEC 15438): a stacked code of any bytes, with error correction, for longer codes.
    case pdf417

    /// The name as people write it: `Code 128`, `PDF417`.
    public var description: String {
        switch self {
        case .code128: return "Code 128"
        case .pdf417: return "PDF417"
        }
    }
}
