import DashSpendQR
import DashSpendTestSupport
import Foundation
import Testing

/// The decisive check: each symbol drawn as an image (4 px per module, a quiet zone of 4 modules) is read by
/// ZBar's `zbarimg`, an independent decoder run as a real process, and must give back the text. Skipped only
/// where `zbarimg` is missing; under CI (`CI` set) a missing `zbarimg` fails. Serialized, so the suite runs one
/// `zbarimg` at a time instead of dozens on a machine of two cores.
@Suite(
    "QR codes decode with zbarimg", .serialized,
    .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"),
    hangGuard(minutes: 5))
struct QRDecodeTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "dashspend-qr") }

    /// Lengths 40 to 200: both sides of every version boundary in that range (version 3 ends at 42, 4 at 62,
    /// 5 at 84, 6 at 106, 7 at 122, 8 at 152, 9 at 180), the ends, and seeded random lengths.
    static let boundaryLengths: [(length: Int, version: Int)] = [
        (40, 3), (42, 3), (43, 4), (62, 4), (63, 5), (84, 5), (85, 6), (106, 6), (107, 7), (122, 7), (123, 8),
        (152, 8), (153, 9), (180, 9), (181, 10), (200, 10),
    ]

    @Test("dash: URIs of 40 to 200 characters at every version boundary decode to themselves", arguments: boundaryLengths)
    func boundaryURIs(length: Int, version: Int) async throws {
        var uris = DashURIs(seed: UInt64(length))
        let uri = uris.uri(length: length)
        #expect(uri.utf8.count == length)
        let code = try QRCode(encoding: uri)
        #expect(code.version == version)
        #expect(try await decode(code, as: "uri-\(length)") == uri)
    }

    @Test("Seeded random dash: URIs of 40 to 200 characters decode to themselves", arguments: 1...24)
    func randomURIs(seed: UInt64) async throws {
        var random = SplitMix64Bytes(seed: 1000 + seed)
        var uris = DashURIs(seed: seed)
        let uri = uris.uri(length: random.int(in: 40...200))
        #expect(try await decode(QRCode(encoding: uri), as: "random-\(seed)") == uri)
    }

    @Test("The longest text of every version, 1 to 40, decodes (every block structure, alignment grid, version block)")
    func everyVersion() async throws {
        var random = SplitMix64Bytes(seed: 40)
        for version in QRVersionTable.versions {
            let text = random.text(
                QRVersionTable.byteCapacity(version: version),
                from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:/?&=%.-_~")
            let code = try QRCode(encoding: text)
            #expect(code.version == version)
            #expect(try await decode(code, as: "version-\(version)") == text, "version \(version)")
        }
    }

    @Test("The same URI under each of the eight masks decodes", arguments: QRMask.allCases)
    func everyMask(mask: QRMask) async throws {
        var uris = DashURIs(seed: 88)
        let uri = uris.uri(length: 120)
        let (_, used, matrix) = try QREncoder.encode(Array(uri.utf8), mask: mask)
        #expect(used == mask)
        let image = ModuleImage(size: matrix.size, quietZone: 4) { matrix[$0, $1] }
        #expect(try await decode(image, as: "mask-\(mask.rawValue)") == uri)
    }

    @Test("Text that is not ASCII (UTF-8 bytes, no ECI) decodes")
    func utf8Text() async throws {
        let text = "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?label=Caf\u{E9} \u{2013} gift card \u{20AC}25"
        #expect(try await decode(QRCode(encoding: text), as: "utf8") == text)
    }

    private func decode(_ code: QRCode, as name: String) async throws -> String? {
        try await decode(ModuleImage(size: code.size, quietZone: 4) { code[$0, $1] }, as: name)
    }

    private func decode(_ image: ModuleImage, as name: String) async throws -> String? {
        let path = scratch.file(name + ".pgm")
        try Data(image.pgm(scale: 4)).write(to: URL(fileURLWithPath: path))
        return try await ZBarReader.decode(imageAt: path)
    }
}
