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

    /// A symbol in which `value` fills most codewords of every cluster's rows (more of them than its error
    /// correction repairs), and the bytes it holds: 12 byte-compaction groups of 5 codewords `0, v, v, v, v`
    /// for `value` below 900; 60 pad codewords (900) after one byte; 60 byte latches (901) each before one byte.
    static func repeating(_ value: Int) throws -> (symbol: PDF417Symbol, bytes: [UInt8]) {
        switch value {
        case 900:
            return (try PDF417Symbol(dataCodewords: [901, 65] + [Int](repeating: 900, count: 60)), [65])
        case 901:
            let bytes = (0..<60).map { UInt8(65 + $0) }
            return (try PDF417Symbol(dataCodewords: bytes.flatMap { [901, Int($0)] }), bytes)
        default:
            var number: UInt64 = 0
            for digit in [0, value, value, value, value] { number = number * 900 + UInt64(digit) }
            let group = (0..<6).reversed().map { UInt8(number >> (8 * UInt64($0)) & 0xFF) }
            let bytes = (0..<12).flatMap { _ in group }
            return (try PDF417Symbol(bytes: bytes), bytes)
        }
    }

    @Test(
        "Every pattern the encoder draws (codewords 0 to 901 in each cluster) is read as its value, in symbols that repeat it beyond repair"
    )
    func everyCodewordPattern() async throws {
        var paths: [String] = []
        var expected: [[UInt8]] = []
        for value in 0...901 {
            let (symbol, bytes) = try Self.repeating(value)
            // Each cluster holds the value more often than the check codewords can repair (half their number),
            // so a wrong pattern in any cluster makes the symbol unreadable or read wrong.
            let repairable = PDF417ErrorCorrection.checkCount(level: symbol.level) / 2
            for cluster in 0..<3 {
                let count = symbol.codewords.indices.filter {
                    $0 / symbol.columns % 3 == cluster && symbol.codewords[$0] == value
                }
                .count
                #expect(count > repairable, "codeword \(value), cluster \(3 * cluster): \(count) of \(repairable) repairable")
            }
            let path = scratch.file("codeword-\(value).pgm")
            try Data(BarcodeRaster.moduleImage(symbol.image).pgm(scale: 2)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            expected.append(bytes)
        }
        let decoded = try await ZXingReader.decodeBytes(imagesAt: paths)
        let wrong = (0...901).filter { decoded[$0] != [expected[$0]] }
        #expect(wrong.isEmpty, "codewords not read as drawn: \(wrong.prefix(20))")
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
