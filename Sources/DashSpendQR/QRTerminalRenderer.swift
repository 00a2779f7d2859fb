import DashSpendBarcode

/// Draws a `QRCode` as text with Unicode half blocks: each character is one module wide and two modules high
/// (`▀` upper, `▄` lower, `█` both, space neither), so the symbol keeps its square shape in a terminal whose
/// cells are about twice as high as wide. A quiet zone of light modules (4 by default, as ISO/IEC 18004
/// requires) surrounds the symbol; when the height with the quiet zone is odd, the lower half of the last line
/// is one more light row.
///
/// The drawing is `BarcodeTerminalRenderer`'s, which the card barcodes share (its styles, colours and their
/// reasons are documented there): this type keeps the QR code's quiet zone and its callers' names.
package struct QRTerminalRenderer: Sendable, Hashable {
    /// How modules become characters (the styles of `BarcodeTerminalRenderer.Style`, named here so that the
    /// QR code's callers need not import the barcode module).
    package enum Style: Sendable, Hashable, CaseIterable {
        /// Explicit black-on-white colours (ANSI SGR, 256-colour): readable on dark and light themes.
        case ansiColors
        /// No escape codes; glyphs are the dark modules (for dark text on a light ground).
        case plain
        /// No escape codes; glyphs are the light modules (for light text on a dark ground).
        case plainInverted

        /// The same style of the shared renderer.
        var barcodeStyle: BarcodeTerminalRenderer.Style {
            switch self {
            case .ansiColors: return .ansiColors
            case .plain: return .plain
            case .plainInverted: return .plainInverted
            }
        }
    }

    /// The SGR sequence that starts each line in the `ansiColors` style: foreground colour 16 (black),
    /// background colour 231 (white).
    package static let colorStart = BarcodeTerminalRenderer.colorStart
    /// The SGR reset that ends each line in the `ansiColors` style.
    package static let colorReset = BarcodeTerminalRenderer.colorReset

    /// How modules become characters.
    package var style: Style
    /// Light modules around the symbol on each side.
    package var quietZone: Int

    /// A renderer in `style` with a quiet zone of `quietZone` modules (at least 0; readers want 4).
    package init(style: Style, quietZone: Int = 4) {
        self.style = style
        self.quietZone = max(0, quietZone)
    }

    /// The lines of text that draw `code`, without line terminators, all equally wide.
    package func lines(for code: QRCode) -> [String] {
        BarcodeTerminalRenderer(style: style.barcodeStyle, quietZone: quietZone).lines(for: code.image)
    }

    /// `lines(for:)` joined with line feeds, without a final one (`print` adds it).
    package func render(_ code: QRCode) -> String {
        lines(for: code).joined(separator: "\n")
    }
}
