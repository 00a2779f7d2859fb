import DashSpendBarcode
import DashSpendTestSupport
import Foundation
import Testing

/// The decisive check of the Code 128 encoder: each symbol drawn as an image (3 px per module, its quiet zone)
/// is read by ZBar's `zbarimg`, an independent decoder run as a real process, and must give back the text.
/// Skipped only where `zbarimg` is missing; under CI (`CI` set) a missing `zbarimg` fails.
@Suite(
    "Code 128 symbols decode with zbarimg", .serialized,
    .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"),
    hangGuard(minutes: 5))
struct Code128DecodeTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "dashspend-code128") }

    /// Card numbers as the providers send them, and texts that need every code set and switch.
    static let samples = [
        "6006491234567890", "12345", "1", "A", "PJJ123C", "a1234b", "a123456b", "Gift-Card 0042 !", "abc123456789def",
        "XYZ-0000-1111-2222", "9876543210987654321", "lowercase and UPPER 77 { } ~",
    ]

    @Test("Card numbers and mixed texts decode to themselves", arguments: samples)
    func sample(_ text: String) async throws {
        #expect(try await decode(Code128Symbol(encoding: text).image(), as: "text-\(Self.samples.firstIndex(of: text)!)") == text)
    }

    @Test("Seeded random printable ASCII of 1 to 48 characters decodes to itself", arguments: 1...16)
    func random(seed: UInt64) async throws {
        var random = SeededText(seed: 128 + seed)
        let text = random.text(random.int(in: 1...48), from: SeededText.printable)
        #expect(try await decode(Code128Symbol(encoding: text).image(), as: "random-\(seed)") == text)
    }

    @Test("Seeded random digit strings of 1 to 40 digits (set C with an odd digit over) decode", arguments: 1...8)
    func digits(seed: UInt64) async throws {
        var random = SeededText(seed: 4096 + seed)
        let text = random.text(random.int(in: 1...40), from: "0123456789")
        #expect(try await decode(Code128Symbol(encoding: text).image(), as: "digits-\(seed)") == text)
    }

    /// Texts that between them use every symbol character the encoder writes: set B's 95 printable values
    /// and DEL, set C's 100 pairs, set A's 32 controls, the three starts, the three switches and Shift.
    static let everyValue: [String] = [
        String((32..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(),
        "\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{09}\u{0B}\u{0C}\u{0E}\u{0F}\u{10}XY",
        "\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}\u{00}Z",
        "ab\u{0D}cd", "abc\u{01}\u{02}\u{03}",
    ]

    @Test("Every symbol character the encoder writes is read as itself (no check character can hide a wrong pattern)")
    func everySymbolValue() async throws {
        var used = Set<Int>()
        for (index, text) in Self.everyValue.enumerated() {
            let symbol = try Code128Symbol(encoding: text)
            used.formUnion(symbol.values.dropLast())
            #expect(try await decode(symbol.image(), as: "every-\(index)") == text, "text \(index)")
        }
        // FNC1 to FNC4 (96, 97, 102, and 100/101 as FNC4 in B/A) are never written for ASCII.
        #expect(
            used.isSuperset(of: Set(0...95).union([98, 99, 100, 101, 103, 104, 105])),
            "\(Set(0...105).subtracting(used).sorted())")
    }

    @Test("A symbol with a wrong check character is not read (the decode can fail)")
    func wrongCheckCharacter() async throws {
        let symbol = try Code128Symbol(encoding: "6006491234567890")
        var values = symbol.values
        values[values.count - 1] = (values[values.count - 1] + 1) % 103
        let modules = values.flatMap { Code128Patterns.modules(of: $0) } + Code128Patterns.stopModules
        let image = BarcodeImage(rows: [modules], rowHeight: 24, quietZone: 10, verticalQuietZone: 0)
        #expect(try await decode(image, as: "wrong-check") == nil)
    }

    private func decode(_ image: BarcodeImage, as name: String) async throws -> String? {
        let path = scratch.file(name + ".pgm")
        try Data(BarcodeRaster.moduleImage(image).pgm(scale: 3)).write(to: URL(fileURLWithPath: path))
        return try await ZBarReader.decode(imageAt: path, symbology: "code128")
    }
}
