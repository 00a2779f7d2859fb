import DashSpendQR
import DashSpendTestSupport
import Foundation
import Testing

/// The terminal drawing read back the way a camera would see it: the half blocks parsed into modules, compared
/// with the encoder's matrix and its quiet zone, and decoded by `zbarimg`.
@Suite("QR terminal renderer", hangGuard(minutes: 2))
struct QRTerminalRendererTests {
    static let uri = "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0.12345678&label=Home%20Depot%20gift%20card"

    @Test(
        "Each style draws exactly the symbol and its quiet zone, dark modules on a light ground",
        arguments: QRTerminalRenderer.Style.allCases, [0, 3, 4])
    func readsBack(style: QRTerminalRenderer.Style, quietZone: Int) throws {
        let code = try QRCode(encoding: Self.uri)
        let renderer = QRTerminalRenderer(style: style, quietZone: quietZone)
        let lines = renderer.lines(for: code)
        let extent = code.size + 2 * quietZone
        #expect(lines.count == (extent + 1) / 2)
        #expect(renderer.render(code) == lines.joined(separator: "\n"))

        var rows = try Self.modules(of: lines, style: style)
        #expect(rows.allSatisfy { $0.count == extent })
        if rows.count > extent {
            // An odd height: the lower half of the last line is one more light row.
            #expect(rows.removeLast() == [Bool](repeating: false, count: extent))
        }
        #expect(rows == ModuleImage(size: code.size, quietZone: quietZone) { code[$0, $1] }.rows)
    }

    @Test("The plain styles have no escape code; the coloured one sets black on white and resets on every line")
    func escapes() throws {
        let code = try QRCode(encoding: Self.uri)
        for style in [QRTerminalRenderer.Style.plain, .plainInverted] {
            #expect(!QRTerminalRenderer(style: style).render(code).contains("\u{1B}"))
        }
        for line in QRTerminalRenderer(style: .ansiColors).lines(for: code) {
            #expect(line.hasPrefix("\u{1B}[38;5;16;48;5;231m"))
            #expect(line.hasSuffix("\u{1B}[0m"))
            #expect(line.filter { $0 == "\u{1B}" }.count == 2)
        }
    }

    @Test("A small symbol drawn plainly, by hand: the first lines are the quiet zone, then the finder's top edge")
    func plainPicture() throws {
        let lines = QRTerminalRenderer(style: .plain).lines(for: try QRCode(encoding: "hi"))
        #expect(lines.count == 15)  // (21 + 8 + 1) / 2
        #expect(lines[0] == String(repeating: " ", count: 29))
        #expect(lines[1] == String(repeating: " ", count: 29))
        // Rows 0 and 1 of the symbol: the finders' top edge (all dark) over their second row (dark, 5 light,
        // dark), so the finders read "█▀▀▀▀▀█" with a light separator column beside them.
        #expect(lines[2].dropFirst(4).prefix(8) == "█▀▀▀▀▀█ ")
        #expect(lines[2].dropLast(4).suffix(8) == " █▀▀▀▀▀█")
        #expect(lines[14] == String(repeating: " ", count: 29))
    }

    @Test(
        "What each style draws, parsed back into an image, decodes with zbarimg",
        .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"),
        arguments: QRTerminalRenderer.Style.allCases)
    func decodes(style: QRTerminalRenderer.Style) async throws {
        let scratch = try ScratchDirectory(prefix: "dashspend-qr-text")
        var uris = DashURIs(seed: 7)
        for length in [40, 123, 200] {
            let uri = uris.uri(length: length)
            let lines = QRTerminalRenderer(style: style).lines(for: try QRCode(encoding: uri))
            let image = ModuleImage(rows: try Self.modules(of: lines, style: style))
            let path = scratch.file("\(style)-\(length).pgm")
            try Data(image.pgm(scale: 4)).write(to: URL(fileURLWithPath: path))
            #expect(try await ZBarReader.decode(imageAt: path) == uri, "\(style), \(length) characters")
        }
    }

    /// The dark modules `lines` show: the inked halves, or for `plainInverted` the halves left blank.
    static func modules(of lines: [String], style: QRTerminalRenderer.Style) throws -> [[Bool]] {
        switch style {
        case .ansiColors:
            return try HalfBlockText.inkedRows(
                lines, colorStart: QRTerminalRenderer.colorStart, colorReset: QRTerminalRenderer.colorReset)
        case .plain:
            return try HalfBlockText.inkedRows(lines)
        case .plainInverted:
            return try HalfBlockText.inkedRows(lines).map { $0.map { !$0 } }
        }
    }
}
