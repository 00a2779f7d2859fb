#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// A PiggyCards card's barcode: its `claimCode` drawn and written as CTX's number is, its `barcodeLink`
/// (which names no format on the mock) leaving the choice to DashSpend.
@Suite("merchant-lookup order: a PiggyCards card's barcode", .serialized, hangGuard(minutes: 5))
struct OrderBarcodePiggyCardsTests {
    @Test(
        "An instant PiggyCards card followed to delivery: --reveal --barcode FILE.png is read by zbarimg as its claim code",
        .enabled(if: ZBarReader.checkRequired, "\(ZBarReader.missingReason)"))
    func piggyCardsBarcode() async throws {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "piggycards", "--email", "piggy@example.com"]).status == 0)
        #expect(
            try await transcript.run(["auth", "verify", "piggycards", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.orderBook.setProgression([.unpaid, .fulfilled])
        let bought = try await transcript.run(["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes", "--json"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.05"])
        #expect(waited.status == 0, "\(waited.stderr)")

        let scratch = try ScratchDirectory(prefix: "order-barcode-piggycards")
        let path = scratch.file("card.png")
        let written = try await transcript.run(["order", id, "--offline", "--reveal", "--barcode", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("card barcode (Code 128, chosen by DashSpend):"), "\(written.stdout)")
        #expect(try await ZBarReader.decode(imageAt: path, symbology: "code128") == MockOrderBook.cardNumber)
        #expect(transcript.leakedSecrets().isEmpty)
    }
}
#endif
