package import DashSpendBarcode

/// A QR Code symbol (ISO/IEC 18004:2015) as a square matrix of dark and light modules, without the quiet
/// zone: a reader needs 4 light modules around it, which `QRTerminalRenderer` draws.
///
/// The text is encoded as one byte-mode segment of its UTF-8 bytes (no ECI header: wallets read a `dash:` URI
/// as ASCII, and readers assume UTF-8 for other text), at error-correction level M (about 15 % of the symbol
/// can be damaged), in the smallest version (1 to 40) that holds it, with the mask of the lowest penalty.
///
/// ```swift
/// let code = try QRCode(encoding: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0.25")
/// print(QRTerminalRenderer(style: .ansiColors).render(code))
/// ```
package struct QRCode: Sendable, Hashable {
    /// The version, 1 to 40: the symbol has 17 + 4 × version modules per side.
    package let version: Int
    /// Modules per side (21 to 177), without the quiet zone.
    package let size: Int
    /// The data mask the encoder chose (0 to 7), as written in the format information.
    package let mask: Int
    /// The modules row by row, `true` for dark.
    private let modules: [Bool]

    /// Encodes the UTF-8 bytes of `text`.
    ///
    /// - Throws: `QRCodeError.tooLong` when the text needs more than 2,331 bytes (version 40 at level M).
    package init(encoding text: String) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Encodes `bytes` as they are.
    ///
    /// - Throws: `QRCodeError.tooLong` beyond 2,331 bytes (version 40 at level M).
    package init(bytes: [UInt8]) throws(QRCodeError) {
        let (version, mask, matrix) = try QREncoder.encode(bytes)
        self.version = version
        self.size = matrix.size
        self.mask = mask.rawValue
        self.modules = matrix.modules
    }

    /// Whether the module at `row` and `column` (both from 0, top-left) is dark. Outside the symbol (the
    /// quiet zone) every module is light.
    package func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// Whether the module at `row` and `column` is dark: the same as `isDark(row:column:)`.
    package subscript(row: Int, column: Int) -> Bool {
        isDark(row: row, column: column)
    }

    /// The symbol as the module image the barcodes share: square modules, a quiet zone of 4 on every side.
    package var image: BarcodeImage {
        BarcodeImage(
            rows: (0..<size).map { row in Array(modules[(row * size)..<((row + 1) * size)]) }, rowHeight: 1, quietZone: 4,
            verticalQuietZone: 4)
    }
}
