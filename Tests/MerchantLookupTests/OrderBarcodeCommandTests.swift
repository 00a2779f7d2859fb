import DashSpendBarcode
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `order ID --reveal` draws the delivered card's barcode after the order, and `--barcode FILE` writes it as
/// PNG or SVG: against the mock CTX API (a card delivered with its number and a barcode link that names no
/// format, so Code 128 is chosen), each drawing read back by an independent decoder.
@Suite("merchant-lookup order: the card's barcode", .serialized, hangGuard(minutes: 5))
struct OrderBarcodeCommandTests {
    /// The golden files of this suite (`Fixtures/Golden/<providers>/NAME.txt`), checked by `GoldenOutputTests`
    /// for strays.
    static let goldenNames = ["order-reveal-barcode"]

    /// Signed in to CTX, one order bought and delivered: the transcript and the order's id.
    func delivered() async throws -> (AuthTranscript, String) {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.orderBook.setProgression([.fulfilled])
        let bought = try await transcript.run(
            ["buy", BuyCommandTests.homeDepot, "--amount", "25", "--yes", "--json", "--provider", "ctx"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        #expect(try await transcript.run(["order", id]).status == 0, "the card is fetched and kept")
        return (transcript, id)
    }

    /// The lines of `stdout` after `heading` that draw with half blocks.
    static func drawing(in stdout: String, after heading: String) -> [String] {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty && $0.allSatisfy { " ▌▐█".contains($0) } })
    }

    @Test(
        "order ID --reveal draws the number as Code 128, and zbarimg reads the drawing back; without --reveal nothing",
        .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"))
    func drawnInTheTerminal() async throws {
        let (transcript, id) = try await delivered()
        let revealed = try await transcript.run(["order", id, "--reveal"])
        #expect(revealed.status == 0, "\(revealed.stderr)")
        #expect(revealed.stdout.contains("card barcode (Code 128, chosen by DashSpend):"), "\(revealed.stdout)")
        let lines = Self.drawing(in: revealed.stdout, after: "card barcode")
        #expect(lines.count == 6, "\(revealed.stdout)")
        let rows = try HalfBlockText.inkedColumns(lines)
        let scratch = try ScratchDirectory(prefix: "order-barcode")
        let path = scratch.file("terminal.pgm")
        try Data(ModuleImage(rows: rows.flatMap { [[Bool]](repeating: $0, count: 4) }).pgm(scale: 3))
            .write(to: URL(fileURLWithPath: path))
        #expect(try await ZBarReader.decode(imageAt: path, symbology: "code128") == MockOrderBook.cardNumber)

        let masked = try await transcript.run(["order", id])
        #expect(masked.status == 0)
        #expect(!masked.stdout.contains("barcode ("), "no drawing without --reveal: \(masked.stdout)")
        #expect(!masked.stdout.contains("▌") && !masked.stdout.contains("▐") && !masked.stdout.contains("█"))
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test(
        "order ID --reveal --barcode FILE.png writes a PNG (0600) that zbarimg reads as the number",
        .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"))
    func writesPNG() async throws {
        let (transcript, id) = try await delivered()
        let scratch = try ScratchDirectory(prefix: "order-barcode-png")
        let path = scratch.file("card.PNG")
        let written = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("barcode written to \(path) (Code 128, chosen by DashSpend)"), "\(written.stdout)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600, "a barcode of the number is a secret: \(String(mode, radix: 8))")
        #expect(try await ZBarReader.decode(imageAt: path, symbology: "code128") == MockOrderBook.cardNumber)
    }

    @Test(
        "order ID --reveal --barcode FILE.svg writes an SVG that zxing-cpp reads as the number",
        .enabled(if: ZXingReader.checkRequired, "\(ZXingReader.missingReason)"))
    func writesSVG() async throws {
        let (transcript, id) = try await delivered()
        let scratch = try ScratchDirectory(prefix: "order-barcode-svg")
        let path = scratch.file("card.svg")
        let written = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", path, "--json"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try written.json()["order"] != nil, "--json output stays one document")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") && text.contains("<svg"))
        #expect(try await ZXingReader.decode(imageAt: path, format: "Code128") == [MockOrderBook.cardNumber])
    }

    @Test(
        "--barcode without --reveal, or a file that is not .png or .svg: exit 64 in one line, nothing written; a file that cannot be written: 73"
    )
    func refusals() async throws {
        let (transcript, id) = try await delivered()
        let scratch = try ScratchDirectory(prefix: "order-barcode-refused")
        let png = scratch.file("card.png")
        let hidden = try await transcript.run(["order", id, "--offline", "--barcode", png])
        #expect(hidden.status == 64, "\(hidden.stderr)")
        #expect(hidden.stderr.contains("--reveal"), "\(hidden.stderr)")
        #expect(hidden.stderr.split(separator: "\n").count == 1, "one line: \(hidden.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))

        for name in ["card.jpg", "card", "card.png.txt"] {
            let path = scratch.file(name)
            let refused = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", path])
            #expect(refused.status == 64, "\(name): \(refused.stderr)")
            #expect(refused.stderr.contains(".png or .svg"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }

        let unwritable = scratch.file("no-such-folder/card.png")
        let failed = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", unwritable])
        #expect(failed.status == 73, "\(failed.stderr)")
        #expect(failed.stderr.contains("cannot write the barcode"), "\(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count == 1, "one line: \(failed.stderr)")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("--barcode for an order with no card yet: exit 1, the order's status said, nothing written")
    func noCardYet() async throws {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        let bought = try await transcript.run(
            ["buy", BuyCommandTests.homeDepot, "--amount", "25", "--yes", "--json", "--provider", "ctx"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let scratch = try ScratchDirectory(prefix: "order-barcode-none")
        let path = scratch.file("card.png")
        let result = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no card number") && result.stderr.contains("unpaid"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("order ID --offline --reveal matches its golden file (the order id and times normalised)")
    func golden() async throws {
        let (transcript, id) = try await delivered()
        let result = try await transcript.run(["order", id, "--offline", "--reveal"])
        let created = try NSRegularExpression(pattern: "(created: +)[0-9TZ:.-]+ \\([0-9]+[smhd] ago\\)")
        try GoldenOutputTests.check(
            GoldenOutputTests.Case(name: "order-reveal-barcode", arguments: []), result: result,
            shown: ["order", "ORDER_ID", "--offline", "--reveal"],
            normalize: { text in
                let replaced = text.replacingOccurrences(of: id, with: "ORDER_ID")
                return created.stringByReplacingMatches(
                    in: replaced, range: NSRange(replaced.startIndex..., in: replaced), withTemplate: "$1TIME")
            })
    }
}
