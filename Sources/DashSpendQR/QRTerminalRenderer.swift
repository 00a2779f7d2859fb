/// Draws a `QRCode` as text with Unicode half blocks: each character is one module wide and two modules high
/// (`▀` upper, `▄` lower, `█` both, space neither), so the symbol keeps its square shape in a terminal whose
/// cells are about twice as high as wide. A quiet zone of light modules (4 by default, as ISO/IEC 18004
/// requires) surrounds the symbol; when the height with the quiet zone is odd, the lower half of the last line
/// is one more light row.
///
/// Scanners expect dark modules on a light ground, and a terminal's ground may be either. The styles:
/// - `ansiColors` (for a terminal): sets both colours itself, black modules on a white ground, with the fixed
///   256-colour indices 16 (#000000) and 231 (#FFFFFF). Terminal themes recolour the 16 basic colours (a
///   "white" can be grey, a "black" can be the ground itself) but not the 6 × 6 × 6 cube, so the contrast is the
///   same on dark and light themes. Each line starts with the colours and ends with a reset, so nothing
///   bleeds into the rest of the line or the next prompt.
/// - `plain` (no escape codes; files, pipes, documents, a light terminal without colours): the glyphs draw
///   the dark modules and the ground shows through for the light ones, which reads right wherever the text
///   is dark on light.
/// - `plainInverted` (no escape codes; a dark terminal without colours, such as with `NO_COLOR`): the glyphs
///   draw the light modules and the quiet zone, so light-on-dark text still shows dark modules on a light
///   ground.
///
/// The half blocks are "ambiguous width" in Unicode: a terminal set to draw those two cells wide (some East
/// Asian locales) stretches the symbol sideways.
package struct QRTerminalRenderer: Sendable, Hashable {
    /// How modules become characters.
    package enum Style: Sendable, Hashable, CaseIterable {
        /// Explicit black-on-white colours (ANSI SGR, 256-colour): readable on dark and light themes.
        case ansiColors
        /// No escape codes; glyphs are the dark modules (for dark text on a light ground).
        case plain
        /// No escape codes; glyphs are the light modules (for light text on a dark ground).
        case plainInverted
    }

    /// The SGR sequence that starts each line in the `ansiColors` style: foreground colour 16 (black),
    /// background colour 231 (white).
    package static let colorStart = "\u{1B}[38;5;16;48;5;231m"
    /// The SGR reset that ends each line in the `ansiColors` style.
    package static let colorReset = "\u{1B}[0m"

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
        let extent = code.size + 2 * quietZone
        var lines: [String] = []
        lines.reserveCapacity((extent + 1) / 2)
        for pair in stride(from: 0, to: extent, by: 2) {
            var line = style == .ansiColors ? Self.colorStart : ""
            for column in 0..<extent {
                let upper = code.isDark(row: pair - quietZone, column: column - quietZone)
                let lower = pair + 1 < extent && code.isDark(row: pair + 1 - quietZone, column: column - quietZone)
                line +=
                    style == .plainInverted ? Self.glyph(upper: !upper, lower: !lower) : Self.glyph(upper: upper, lower: lower)
            }
            if style == .ansiColors { line += Self.colorReset }
            lines.append(line)
        }
        return lines
    }

    /// `lines(for:)` joined with line feeds, without a final one (`print` adds it).
    package func render(_ code: QRCode) -> String {
        lines(for: code).joined(separator: "\n")
    }

    /// The half block whose inked halves are `upper` and `lower`.
    private static func glyph(upper: Bool, lower: Bool) -> String {
        switch (upper, lower) {
        case (true, true): return "█"
        case (true, false): return "▀"
        case (false, true): return "▄"
        case (false, false): return " "
        }
    }
}
