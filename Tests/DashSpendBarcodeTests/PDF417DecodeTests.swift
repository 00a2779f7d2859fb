import DashSpendBarcode
import DashSpendTestSupport
import Foundation
import Testing

/// The decisive check of the PDF417 encoder (and of its cluster tables' order, which no structural test
/// sees): each symbol drawn as an image (2 px per unit, rows 3 units high, its quiet zone) is read by
/// zxing-cpp, an independent decoder run as a real `python3` process, and must give back the bytes. Skipped
/// only where zxing-cpp is missing; under CI (`CI` set) a missing reader fails.
@Suite(
    "PDF417 symbols decode with zxing-cpp", .serialized,
    .enabled(if: ZXingReader.checkRequired, "\(ZXingReader.missingReason)"),
    hangGuard(minutes: 5))
struct PDF417DecodeTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "dashspend-pdf417") }

    @Test("Card codes, URLs and text beyond ASCII decode to themselves")
    func texts() async throws {
        let texts = [
            "6006491234567890", "X", "ABCDEF", "https://ctx.example/redeem/5b8e3a2c?code=0042-1234-5678-9999",
            "Caf\u{E9} \u{2013} gift card \u{20AC}25", String(repeating: "0123456789", count: 6),
        ]
        for (index, text) in texts.enumerated() {
            #expect(try await decode(PDF417Symbol(bytes: Array(text.utf8)).image, as: "text-\(index)") == [text])
        }
    }

    @Test("Seeded random lengths from 1 to 700 bytes (every level from 2 to 5, 1 to 5 columns) decode", arguments: 1...12)
    func random(seed: UInt64) async throws {
        var random = SeededText(seed: 417 + seed)
        let length = seed <= 4 ? random.int(in: 1...40) : seed <= 8 ? random.int(in: 41...300) : random.int(in: 301...700)
        let text = random.text(length, from: SeededText.printable)
        let symbol = try PDF417Symbol(bytes: Array(text.utf8))
        #expect(try await decode(symbol.image, as: "random-\(seed)") == [text], "\(length) bytes, level \(symbol.level)")
    }

    @Test("The largest symbol (the byte capacity) decodes")
    func largest() async throws {
        var random = SeededText(seed: 928)
        let text = random.text(PDF417Symbol.byteCapacity, from: SeededText.printable)
        #expect(try await decode(PDF417Symbol(bytes: Array(text.utf8)).image, as: "largest") == [text])
    }

    @Test("A symbol with its check codewords damaged beyond repair is not read (the decode can fail)")
    func damaged() async throws {
        let symbol = try PDF417Symbol(bytes: Array("6006491234567890".utf8))
        // Every data-area codeword of the first three rows replaced: more errors than level 2's 8 check
        // codewords correct (4).
        var rows = (0..<symbol.rows).map(symbol.modules(row:))
        for row in 0..<3 {
            for column in 0..<symbol.columns {
                let codeword = symbol.codewords[row * symbol.columns + column]
                let wrong = PDF417Clusters.patterns[row % 3][(codeword + 1 + row) % 929]
                for bit in 0..<17 { rows[row][34 + 17 * column + bit] = wrong >> (16 - bit) & 1 == 1 }
            }
        }
        let image = BarcodeImage(rows: rows, rowHeight: 3, quietZone: 2, verticalQuietZone: 2)
        #expect(symbol.level == 2 && symbol.columns * 3 > 4, "enough codewords replaced to be beyond repair")
        #expect(try await decode(image, as: "damaged") == [])
    }

    private func decode(_ image: BarcodeImage, as name: String) async throws -> [String] {
        let path = scratch.file(name + ".pgm")
        try Data(BarcodeRaster.moduleImage(image).pgm(scale: 2)).write(to: URL(fileURLWithPath: path))
        return try await ZXingReader.decode(imageAt: path)
    }
}
