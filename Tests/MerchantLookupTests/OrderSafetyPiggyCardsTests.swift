#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 17 with PiggyCards through the real binary: its status words read as both wallets read them (the
/// safe reading where they differ), its two spellings of a card's fields, its "not found" body, its create
/// sent once, and its `payTo` checked against its exchange rate.
@Suite("PiggyCards orders and money through merchant-lookup", hangGuard(minutes: 5))
struct OrderSafetyPiggyCardsTests {
    /// Signed in to PiggyCards through the real commands, the server's order book on.
    static func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "piggycards", "--email", "piggy@example.com"]).status == 0)
        #expect(
            try await transcript.run(["auth", "verify", "piggycards", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    /// A Nike card of 20 USD (the instant card) bought with --json; its local id.
    static func bought(_ transcript: AuthTranscript) async throws -> String {
        let bought = try await OrderSafetyTests.run(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes", "--json"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        return try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
    }

    @Test(
        "PiggyCards' status words, any case: delivered, refused or unknown orders never show a payment",
        arguments: [
            ("Completed", OrderStatus.fulfilled, "fulfilled"), ("complete", .fulfilled, "fulfilled"),
            ("Failed", .rejected, "rejected"), ("Rejected", .rejected, "rejected"), ("Canceled", .rejected, "rejected"),
            ("CANCELLED", .rejected, "rejected"), ("Refunded", .unpaid, "unknown"),
        ])
    func statusWords(word: String, progression: OrderStatus, shown: String) async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.bought(transcript)
        transcript.server.orderBook.setProgression([progression])
        transcript.server.orderBook.setPiggyCardsStatusWord(word)
        let result = try await OrderSafetyTests.run(transcript, ["order", id])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("status:") && result.stdout.contains(shown), "\(result.stdout)")
        #expect(!result.stdout.contains("pay:") && !result.stdout.contains("dash:"), "no payment: \(result.stdout)")
        #expect(!result.stdout.contains("▀") && !result.stdout.contains("▄"), "no QR code: \(result.stdout)")
        #expect(!result.stdout.contains("note: success"), "\(result.stdout)")
        if progression == .fulfilled { #expect(result.stdout.contains("7890"), "the card: \(result.stdout)") }
        let json = try await OrderSafetyTests.kept(transcript, id)
        #expect(json["status"] as? String == shown)
        #expect(json["providerStatus"] as? String == word)
    }

    @Test("An unpaid PiggyCards order shows its payment, with no note `success`")
    func unpaidShowsPayment() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.bought(transcript)
        let result = try await OrderSafetyTests.run(transcript, ["order", id])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dash:"), "\(result.stdout)")
        #expect(!result.stdout.contains("success"), "\(result.stdout)")
    }

    @Test(
        "HTTP 200 with body code 404 and no data is `PiggyCards does not know the order`; no payment shown after it, offline too")
    func notFoundBody() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.bought(transcript)
        transcript.server.orderBook.setStatusAnswerEdit { _, _, _ in
            .object(["code": .number(404), "message": .string("Order not found"), "data": .null])
        }
        let result = try await OrderSafetyTests.run(transcript, ["order", id])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("does not know"), "\(result.stderr)")
        #expect(!result.stdout.contains("dash:") && !result.stdout.contains("pay"), "\(result.stdout)")
        let kept = try await OrderSafetyTests.kept(transcript, id)
        #expect(kept["payable"] as? Bool == false, "not payable until PiggyCards says it is: \(kept)")
        let offline = try await OrderSafetyTests.run(transcript, ["order", id, "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(!offline.stdout.contains("dash:") && !offline.stdout.contains("pay:"), "\(offline.stdout)")
        #expect(!offline.stdout.contains("▀") && !offline.stdout.contains("▄"), "no QR code: \(offline.stdout)")
    }

    @Test("No exchange rate: buy prints no payment and no QR, says the check is waiting; `order ID` shows it once checked")
    func noRateNoPayment() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.loopback.inject(
            .respond(status: 503, body: "down"), path: transcript.server.path(.piggyCards, "exchange-rate"))
        let bought = try await OrderSafetyTests.run(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        #expect(!bought.stdout.contains("dash:") && !bought.stdout.contains("Pay "), "\(bought.stdout)")
        #expect(!bought.stdout.contains("▀") && !bought.stdout.contains("▄"), "no QR code: \(bought.stdout)")
        #expect(bought.stdout.contains("check"), "\(bought.stdout)")
        let id = try await Self.lastOrderId(transcript)
        let waiting = try await OrderSafetyTests.run(transcript, ["order", id])
        #expect(!waiting.stdout.contains("dash:"), "still no rate: \(waiting.stdout)")
        transcript.server.loopback.clearFaults()
        let checked = try await OrderSafetyTests.run(transcript, ["order", id])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.contains("dash:"), "checked now: \(checked.stdout)")
    }

    /// The id of the newest order kept.
    static func lastOrderId(_ transcript: AuthTranscript) async throws -> String {
        let listed = try await OrderSafetyTests.run(transcript, ["orders", "--json"])
        let orders = try #require(try listed.json()["orders"] as? [[String: Any]])
        return try #require(orders.first?["id"] as? String)
    }

    @Test("The Android spellings barcodelink and delivery_time are read")
    func androidSpellings() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.bought(transcript)
        transcript.server.orderBook.setProgression([.fulfilled])
        transcript.server.orderBook.setPiggyCardsAndroidSpellings(true)
        let result = try await OrderSafetyTests.run(transcript, ["order", id, "--reveal", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let order = try #require(try result.json()["order"] as? [String: Any])
        #expect(order["deliveryTime"] as? String == "Instant", "\(order)")
        let card = try #require((order["cards"] as? [[String: Any]])?.first)
        #expect((card["barcodeLink"] as? String)?.hasPrefix("https://piggy.example/barcode/") == true, "\(card)")
    }

    @Test(
        "A PiggyCards create whose connection is reset or closed is sent once: the order may exist, kept unknown",
        arguments: [LoopbackFault.connectionReset, .closeConnection])
    func droppedCreateIsSentOnce(fault: LoopbackFault) async throws {
        let transcript = try await Self.signedIn()
        transcript.server.loopback.setKeepAlive(true)
        transcript.server.loopback.inject(fault, path: "/piggycards/orders")
        let result = try await OrderSafetyTests.run(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes", "--timeout", "60"])
        #expect(transcript.server.loopback.requestHeadCount(path: "/piggycards/orders") == 1, "sent once")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("may exist"), "\(result.stderr)")
        let order = try #require(try await OrderSafetyTests.orders(transcript).first)
        #expect(order["status"] as? String == "unknown")
        #expect(result.stderr.contains(order["id"] as? String ?? "?"), "\(result.stderr)")
    }

    @Test("A payTo far from the price at PiggyCards' exchange rate is kept rejected: no payment, exit 1")
    func payToChecked() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            object["payTo"] = .string("dash:\(MockOrderBook.dashAddress)?amount=100")
            return .object(object)
        }
        let result = try await OrderSafetyTests.run(
            transcript, ["buy", "Nike", "--amount", "20", "--provider", "piggycards", "--yes"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("dash:"), "\(result.stdout)")
        let order = try #require(try await OrderSafetyTests.orders(transcript).first)
        #expect(order["status"] as? String == "rejected")
    }
}
#endif
