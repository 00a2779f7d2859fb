import DashSpendBarcode
import DashSpendTestSupport
import Foundation
import Testing

/// The drawings of a barcode, each read back by an independent decoder: the terminal text (its blocks turned
/// back into modules, as a camera sees the screen) and the PNG by `zbarimg`; the SVG and a PDF417 PNG by
/// zxing-cpp, after Python reads the files on its own.
@Suite("Barcodes drawn in the terminal, as PNG and as SVG decode", .serialized, hangGuard(minutes: 5))
struct BarcodeRenderingTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "dashspend-barcode-files") }

    static let number = "6006491234567890"

    @Test(
        "Code 128 in the terminal, each style, reads back as the number with zbarimg",
        .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"),
        arguments: BarcodeTerminalRenderer.Style.allCases)
    func terminalCode128(style: BarcodeTerminalRenderer.Style) async throws {
        let image = try Code128Symbol(encoding: Self.number).image()
        let lines = BarcodeTerminalRenderer(style: style).lines(for: image)
        #expect(lines.count == (style == .ansiColors ? 2 : 0) + 6, "a light line above and below only with colours")
        let colours = style == .ansiColors
        var rows = try HalfBlockText.inkedColumns(
            lines, colorStart: colours ? BarcodeTerminalRenderer.colorStart : nil,
            colorReset: colours ? BarcodeTerminalRenderer.colorReset : nil)
        if style == .plainInverted { rows = rows.map { $0.map { !$0 } } }
        #expect(rows.first?.count == image.width + 2 * image.quietZone + (image.width % 2))
        // Each line is about 4 units high on screen; a reader sees it so.
        let screen = ModuleImage(rows: rows.flatMap { [[Bool]](repeating: $0, count: 4) })
        let path = scratch.file("terminal-\(style).pgm")
        try Data(screen.pgm(scale: 3)).write(to: URL(fileURLWithPath: path))
        #expect(try await ZBarReader.decode(imageAt: path, symbology: "code128") == Self.number)
    }

    @Test(
        "PDF417 in the terminal (a row a line, two modules a character) reads back with zxing-cpp",
        .enabled(if: ZXingReader.checkRequired, "\(ZXingReader.missingReason)"))
    func terminalPDF417() async throws {
        let image = try PDF417Symbol(bytes: Array(Self.number.utf8)).image
        let lines = BarcodeTerminalRenderer(style: .plain).lines(for: image)
        #expect(lines.count == image.height + 2)
        #expect(lines.allSatisfy { $0.count <= 80 }, "fits an 80-column terminal")
        let rows = try HalfBlockText.inkedColumns(lines)
        let screen = ModuleImage(rows: rows.flatMap { [[Bool]](repeating: $0, count: 4) })
        let path = scratch.file("terminal-pdf417.pgm")
        try Data(screen.pgm(scale: 2)).write(to: URL(fileURLWithPath: path))
        #expect(try await ZXingReader.decode(imageAt: path) == [Self.number])
    }

    @Test(
        "A QR code drawn through the shared renderer is what the QR renderer drew (square modules, half blocks)")
    func squareModules() {
        let rows: [[Bool]] = [[true, false, true], [false, true, false], [true, true, false]]
        let image = BarcodeImage(rows: rows, rowHeight: 1, quietZone: 1, verticalQuietZone: 1)
        #expect(BarcodeTerminalRenderer(style: .plain).lines(for: image) == [" ▄ ▄ ", " ▄█  ", "     "])
    }

    @Test(
        "Code 128 as PNG reads back with zbarimg", .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"))
    func pngCode128() async throws {
        let path = scratch.file("code128.png")
        let bytes = try Code128Symbol(encoding: Self.number).image().pngFile()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try await ZBarReader.decode(imageAt: path, symbology: "code128") == Self.number)
    }

    @Test(
        "PDF417 and Code 128 as PNG and as SVG read back with zxing-cpp (Python reads the files)",
        .enabled(if: ZXingReader.checkRequired, "\(ZXingReader.missingReason)"))
    func filesWithZXing() async throws {
        let long = "https://ctx.example/redeem/5b8e3a2c?code=0042-1234-5678-9999-" + String(repeating: "X", count: 40)
        let cases: [(CardBarcode, String)] = [
            (try CardBarcode(encoding: Self.number), "Code128"), (try CardBarcode(encoding: long), "PDF417"),
        ]
        for (barcode, format) in cases {
            for type in ["png", "svg"] {
                let path = scratch.file("\(format).\(type)")
                let bytes = type == "png" ? barcode.image.pngFile(moduleSize: 3) : barcode.image.svgDocument()
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                #expect(try await ZXingReader.decode(imageAt: path, format: format) == [barcode.text], "\(format) \(type)")
            }
        }
    }

    @Test("PNG checksums: CRC-32 and Adler-32 of known inputs")
    func checksums() {
        #expect(BarcodePNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(BarcodePNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // A stored block longer than one block's 65,535 bytes is split.
        let stream = BarcodePNG.zlibStored([UInt8](repeating: 7, count: 70_000))
        #expect(stream.count == 2 + 2 * 5 + 70_000 + 4)
    }
}
