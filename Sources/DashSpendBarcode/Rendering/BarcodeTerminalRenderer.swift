/// Draws a ``BarcodeImage`` as text with Unicode block elements, each module at about its true shape in a
/// terminal whose cells are about twice as high as wide, with the quiet zone around it:
/// - square modules (a QR code, row height 1): each character is one module wide and two high (`▀` upper,
///   `▄` lower, `█` both, space neither);
/// - rows higher than a module (Code 128, PDF417): each character is two modules wide (`▌` left, `▐` right,
///   `█` both, space neither) and about four units high, so a row takes `rowHeight / 4` lines (at least
///   one), and the vertical quiet zone one line when the format asks any (two in the `ansiColors` style for
///   Code 128, whose bars must stand on the light ground too).
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
/// The block elements are "ambiguous width" in Unicode: a terminal set to draw those two cells wide (some
/// East Asian locales) stretches the symbol sideways.
package struct BarcodeTerminalRenderer: Sendable, Hashable {
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
    /// Light modules around the symbol on each side in place of the image's own quiet zones, or nil for them.
    package var quietZone: Int?

    /// A renderer in `style`, with the quiet zone `quietZone` on every side (at least 0) or the image's own.
    package init(style: Style, quietZone: Int? = nil) {
        self.style = style
        self.quietZone = quietZone.map { max(0, $0) }
    }

    /// The lines of text that draw `image`, without line terminators, all equally wide.
    package func lines(for image: BarcodeImage) -> [String] {
        image.rowHeight == 1 ? squareModuleLines(image) : tallRowLines(image)
    }

    /// `lines(for:)` joined with line feeds, without a final one (`print` adds it).
    package func render(_ image: BarcodeImage) -> String {
        lines(for: image).joined(separator: "\n")
    }

    /// Two module rows per line; when the height with the quiet zone is odd, the lower half of the last line
    /// is one more light row.
    private func squareModuleLines(_ image: BarcodeImage) -> [String] {
        let horizontal = quietZone ?? image.quietZone
        let vertical = quietZone ?? image.verticalQuietZone
        let width = image.width + 2 * horizontal
        let height = image.height + 2 * vertical
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        for pair in stride(from: 0, to: height, by: 2) {
            var line = ""
            for column in 0..<width {
                let upper = image.isDark(row: pair - vertical, column: column - horizontal)
                let lower = pair + 1 < height && image.isDark(row: pair + 1 - vertical, column: column - horizontal)
                line += glyph(upper, lower, vertical: true)
            }
            lines.append(wrapped(line))
        }
        return lines
    }

    /// Two modules per character, each row of modules on `rowHeight / 4` lines (at least one), with a light
    /// line above and below where there is a vertical quiet zone (or colours to set).
    private func tallRowLines(_ image: BarcodeImage) -> [String] {
        let horizontal = quietZone ?? image.quietZone
        let verticalLines = (quietZone ?? image.verticalQuietZone) > 0 || style == .ansiColors ? 1 : 0
        let width = image.width + 2 * horizontal
        let linesPerRow = max(1, (image.rowHeight + 2) / 4)
        func line(row: Int?) -> String {
            var text = ""
            for column in stride(from: 0, to: width, by: 2) {
                let left = row.map { image.isDark(row: $0, column: column - horizontal) } ?? false
                let right = column + 1 < width && (row.map { image.isDark(row: $0, column: column + 1 - horizontal) } ?? false)
                text += glyph(left, right, vertical: false)
            }
            return wrapped(text)
        }
        let blank = line(row: nil)
        var lines = [String](repeating: blank, count: verticalLines)
        for row in 0..<image.height {
            let text = line(row: row)
            lines += [String](repeating: text, count: linesPerRow)
        }
        return lines + [String](repeating: blank, count: verticalLines)
    }

    /// The colours around `line` in the `ansiColors` style.
    private func wrapped(_ line: String) -> String {
        style == .ansiColors ? Self.colorStart + line + Self.colorReset : line
    }

    /// The block whose inked halves are `first` (upper or left) and `second` (lower or right), inverted in
    /// the `plainInverted` style.
    private func glyph(_ first: Bool, _ second: Bool, vertical: Bool) -> String {
        let inverted = style == .plainInverted
        switch (first != inverted, second != inverted) {
        case (true, true): return "█"
        case (true, false): return vertical ? "▀" : "▌"
        case (false, true): return vertical ? "▄" : "▐"
        case (false, false): return " "
        }
    }
}
