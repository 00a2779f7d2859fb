import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `buy`, `orders` and `order` against the mock provider API (its order book on), with a state directory the
/// tool creates.
@Suite("merchant-lookup buy, orders and order", hangGuard(minutes: 5))
struct BuyCommandTests {
    static let homeDepot = SampleLookupTests.homeDepot

    /// Signed in to CTX through the real commands, the server's order book on.
    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    /// How many purchases reached the server.
    func purchases(_ transcript: AuthTranscript) -> Int {
        transcript.server.loopback.receivedRequests.filter { $0.method == "POST" && $0.path == "/ctx/gift-cards" }.count
    }

    /// Every request the server received from the `skipping`-th on, as `METHOD path?query`, and those sent
    /// more than once among them.
    static func requests(_ transcript: AuthTranscript, skipping: Int) -> (all: [String], repeated: [String]) {
        let all = transcript.server.loopback.receivedRequests.dropFirst(skipping).map {
            "\($0.method) \($0.path)" + ($0.query.isEmpty ? "" : "?\($0.query)")
        }
        let repeated = Dictionary(grouping: all, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        return (all, repeated)
    }

    /// Runs the tool with a standard input that is not a terminal (wherever the tests run).
    func runWithoutTerminal(_ transcript: AuthTranscript, _ arguments: [String]) async throws -> CLIProcess.Result {
        try await transcript.run(arguments)
    }

    @Test("Without a terminal and without --yes: 64 and nothing sent; with --yes: one purchase, the URI and a QR code")
    func buyConfirmation() async throws {
        let transcript = try await signedIn()
        let refused = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"))
        #expect(purchases(transcript) == 0)
        #expect(transcript.server.requestCount(.ctx, "merchants/\(Self.homeDepot)") == 0, "nothing was even looked up")

        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(bought.status == 0, "\(bought.stderr)")
        #expect(purchases(transcript) == 1, "one buy, one purchase request")
        let uri = MockOrderBook.paymentURI(25)
        #expect(bought.stdout.contains(uri), "\(bought.stdout)")
        #expect(bought.stdout.contains("Pay \(MockOrderBook.dash(25)) DASH"))
        #expect(bought.stdout.contains("Home Depot"))
        #expect(bought.stdout.contains("save 3.25%"))
        #expect(bought.stdout.contains("▀") || bought.stdout.contains("▄"), "a QR code is drawn: \(bought.stdout)")
        #expect(!bought.stdout.contains("\u{1B}"), "no escape codes into a pipe")
        #expect(transcript.mode("mainnet/state.db").map { $0 & 0o777 } == 0o600)
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("buy --amount 25x2 at CTX, which sells one card per order: 65, one line with its hint, nothing ordered")
    func severalCardsRefusedByCTX() async throws {
        let transcript = try await signedIn()
        let refused = try await runWithoutTerminal(
            transcript, ["buy", Self.homeDepot, "--amount", "25x2", "--provider", "ctx", "--yes"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("CTX sells one card per order"), "\(refused.stderr)")
        #expect(refused.stderr.contains("buy each card with its own"), "\(refused.stderr)")
        let json = try await runWithoutTerminal(
            transcript, ["buy", Self.homeDepot, "--amount", "25", "--amount", "30", "--provider", "ctx", "--yes", "--json"])
        #expect(json.status == 65)
        #expect((try json.json()["error"] as? [String: Any])?["code"] as? String == "oneCardPerOrder")
        let malformed = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25x0", "--yes"])
        #expect(malformed.status == 64, "\(malformed.stderr)")
        #expect(transcript.server.orderBook.createdCount(.ctx) == 0)
    }

    @Test("No request is sent twice for one CTX buy")
    func noRequestTwice() async throws {
        let transcript = try await signedIn()
        let before = transcript.server.loopback.receivedRequests.count
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let sent = Self.requests(transcript, skipping: before)
        #expect(sent.all.contains("POST /ctx/gift-cards"), "\(sent.all)")
        #expect(sent.all.contains("GET /ctx/merchants/\(Self.homeDepot)"), "\(sent.all)")
        #expect(sent.repeated.isEmpty, "sent more than once: \(sent.repeated) of \(sent.all)")
    }

    @Test("buy --json, orders --json, order ID --wait to fulfilled; the card masked, then revealed")
    func buyFollowReveal() async throws {
        let transcript = try await signedIn()
        transcript.server.orderBook.setProgression([.unpaid, .paid, .fulfilled])
        let bought = try await runWithoutTerminal(
            transcript, ["buy", Self.homeDepot, "--amount", "12.5", "--yes", "--json", "--provider", "ctx"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let order = try #require(try bought.json()["order"] as? [String: Any])
        let id = try #require(order["id"] as? String)
        #expect(order["status"] as? String == "unpaid")
        #expect(order["amount"] as? String == "12.50")
        #expect(order["paymentURI"] as? String == MockOrderBook.paymentURI(Decimal(string: "12.5")!))

        let listed = try await transcript.run(["orders", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let orders = try #require(try listed.json()["orders"] as? [[String: Any]])
        #expect(orders.map { $0["id"] as? String } == [id])

        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.05", "--wait-timeout", "20"])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stdout.contains("fulfilled"))
        #expect(waited.stderr.contains("paid"), "progress on stderr: \(waited.stderr)")
        #expect(!waited.stdout.contains(MockOrderBook.cardNumber), "masked: \(waited.stdout)")
        #expect(waited.stdout.contains("7890"))
        #expect(!waited.stdout.contains(MockOrderBook.cardPin))
        #expect(waited.stdout.contains("--reveal"))
        #expect(waited.stdout.contains("https://ctx.example/********"), "links that may carry the code are masked")
        #expect(!waited.stdout.contains("https://ctx.example/redeem/"))

        let revealed = try await transcript.run(["order", id, "--reveal", "--json"])
        #expect(revealed.status == 0, "\(revealed.stderr)")
        let card = try #require(((try revealed.json()["order"] as? [String: Any])?["cards"] as? [[String: Any]])?.first)
        #expect(card["number"] as? String == MockOrderBook.cardNumber)
        #expect(card["pin"] as? String == MockOrderBook.cardPin)

        let table = try await transcript.run(["orders"])
        #expect(table.stdout.contains("fulfilled") && table.stdout.contains(id) && table.stdout.contains("12.50 USD"))
    }

    @Test("A delivered card is shown while CTX is down, and by order ID --offline; an unpaid order offline as kept")
    func deliveredCardWhileProviderDown() async throws {
        let transcript = try await signedIn()
        transcript.server.orderBook.setProgression([.fulfilled])
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let delivered = try await transcript.run(["order", id])
        #expect(delivered.status == 0, "\(delivered.stderr)")
        #expect(delivered.stdout.contains("fulfilled") && delivered.stdout.contains("7890"), "\(delivered.stdout)")

        transcript.server.loopback.inject(
            .respond(status: 503, body: transcript.server.fixtureText("ctx/errors/server-error.json")),
            path: "/ctx/gift-cards/ctx-order-1")
        let asked = transcript.server.requestCount(.ctx, "gift-cards/ctx-order-1")
        let down = try await transcript.run(["order", id])
        #expect(down.status == 0, "a delivered card is never hidden by a failing status call: \(down.stderr)")
        #expect(down.stdout.contains("fulfilled") && down.stdout.contains("7890"), "\(down.stdout)")
        let offline = try await transcript.run(["order", id, "--offline", "--reveal"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains(MockOrderBook.cardNumber), "\(offline.stdout)")
        #expect(transcript.server.requestCount(.ctx, "gift-cards/ctx-order-1") == asked, "nothing asked")

        transcript.server.loopback.clearFaults()
        let second = try await runWithoutTerminal(
            transcript, ["buy", Self.homeDepot, "--amount", "30", "--yes", "--json"])
        let unpaidId = try #require((try second.json()["order"] as? [String: Any])?["id"] as? String)
        let kept = try await transcript.run(["order", unpaidId, "--offline", "--json"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect((try kept.json()["order"] as? [String: Any])?["status"] as? String == "unpaid")
        #expect(transcript.server.requestCount(.ctx, "gift-cards/ctx-order-2") == 0, "offline asks nothing")
        let txid = try await transcript.run(["order", "--txid", "tx-1", "--offline"])
        #expect(txid.status == 64, "\(txid.stderr)")
    }

    /// A card bought and left to go unpaid → paid → fulfilled, one status call a step; its local id.
    func orderFollowed(_ transcript: AuthTranscript) async throws -> String {
        transcript.server.orderBook.setProgression([.unpaid, .paid, .fulfilled])
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        return try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
    }

    @Test("order --wait elsewhere than a terminal: one line per status on stderr, nothing with -q or --json")
    func waitProgressLines() async throws {
        let transcript = try await signedIn()
        let id = try await orderFollowed(transcript)
        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.05"])
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(
            waited.stderr == """
                merchant-lookup: order \(id): unpaid
                merchant-lookup: order \(id): paid
                merchant-lookup: order \(id): fulfilled

                """)
        for quiet in ["-q", "--json"] {
            let again = try await orderFollowed(transcript)
            let silent = try await transcript.run(["order", again, "--wait", "--poll-interval", "0.05", quiet])
            #expect(silent.status == 0 && silent.stderr.isEmpty, "\(quiet): \(silent.stderr)")
        }
        let missing = try await transcript.run(["order", "no-such-order", "--wait"])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1, "said once: \(missing.stderr)")
    }

    @Test("order --wait on a terminal: one status line redrawn in place with the time waited, ended once")
    func waitProgressOnATerminal() async throws {
        let transcript = try await signedIn()
        let id = try await orderFollowed(transcript)
        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.05"], terminal: true)
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stdout.contains("fulfilled"))
        // One line: each draw starts with \r and ends with "erase to the end of the line"; one newline, at the end.
        #expect(waited.stderr.hasPrefix("\r") && waited.stderr.hasSuffix("\u{1B}[K\n"), "\(waited.stderr.debugDescription)")
        #expect(waited.stderr.filter { $0 == "\n" }.count == 1, "\(waited.stderr.debugDescription)")
        let draws = waited.stderr.dropLast().split(separator: "\r").map(String.init)
        #expect(draws.allSatisfy { $0.hasPrefix("order \(id): ") && $0.hasSuffix("\u{1B}[K") }, "\(draws)")
        // The status as kept first (unpaid), then each answer; ticks only redraw the time waited.
        var statuses: [String] = []
        for draw in draws {
            let status = String(draw.dropFirst("order \(id): ".count).prefix { $0 != "," && $0 != " " })
            if statuses.last != status { statuses.append(status) }
        }
        #expect(statuses == ["unpaid", "paid", "fulfilled"], "\(draws)")
        #expect(draws.dropLast().allSatisfy { $0.contains(", waiting ") && $0.contains(" s\u{1B}[K") }, "\(draws)")
        #expect(draws.last?.hasPrefix("order \(id): fulfilled after ") == true, "\(draws)")
        for quiet in ["-q", "--json"] {
            let again = try await orderFollowed(transcript)
            let silent = try await transcript.run(
                ["order", again, "--wait", "--poll-interval", "0.05", quiet], terminal: true)
            #expect(silent.status == 0 && silent.stderr.isEmpty, "\(quiet): \(silent.stderr.debugDescription)")
        }
    }

    @Test("order --wait stops at --wait-timeout with 75 while the order stays unpaid")
    func waitTimesOut() async throws {
        let transcript = try await signedIn()
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        // The budget is far above what one status call needs (milliseconds idle): the first answer (unpaid) comes
        // in long before it ends, whatever the machine's load, so the outcome is always "still unpaid".
        let waited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.1", "--wait-timeout", "8"])
        #expect(waited.status == 75, "\(waited.stderr)")
        #expect(waited.stderr.contains("still unpaid after 8 s"), "\(waited.stderr)")
        #expect(waited.stderr.contains("raise --wait-timeout"), "\(waited.stderr)")
    }

    @Test("order --wait: --wait-timeout bounds the wait, --timeout stays each request's; the help says both")
    func waitTimeoutIsItsOwn() async throws {
        let transcript = try await signedIn()
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        // A per-request time-out far above one status call, and a wait budget of its own: the wait ends after
        // the budget, not after --timeout.
        let waited = try await transcript.run(
            ["order", id, "--wait", "--poll-interval", "0.1", "--timeout", "60", "--wait-timeout", "6"])
        #expect(waited.status == 75, "\(waited.stderr)")
        #expect(waited.stderr.contains("after 6 s"), "\(waited.stderr)")
        let help = try await CLIProcess.run(["help", "order"])
        #expect(help.stdout.contains("--wait-timeout SECONDS") && help.stdout.contains("default 1800"), "\(help.stdout)")
        let bad = try await CLIProcess.run(["order", id, "--wait", "--wait-timeout", "0"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }

    @Test("order --wait: an early 429 is forgotten once CTX answers (75 still unpaid); CTX down throughout is 69")
    func waitFailures() async throws {
        let transcript = try await signedIn()
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        transcript.server.loopback.inject(
            .respondWithHeaders(status: 429, headers: ["Retry-After": "1"], body: #"{"errors":[{"message":"slow down"}]}"#),
            path: "/ctx/gift-cards/ctx-order-1", times: 1)
        // The 429 is answered at once and the next ask follows 0.1 s later: a 12 s budget leaves that second ask
        // (which must be answered for the outcome to be "still unpaid") over a hundred times the time it needs.
        let limited = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.1", "--wait-timeout", "12"])
        #expect(limited.status == 75, "\(limited.stderr)")
        #expect(limited.stderr.contains("still unpaid"), "\(limited.stderr)")

        transcript.server.loopback.inject(
            .respond(status: 503, body: transcript.server.fixtureText("ctx/errors/server-error.json")),
            path: "/ctx/gift-cards/ctx-order-1")
        // At least one 503 must come back inside the budget for the outcome to be the provider's own failure.
        let down = try await transcript.run(["order", id, "--wait", "--poll-interval", "0.1", "--wait-timeout", "12"])
        #expect(down.status == 69, "the provider's own failure: \(down.stderr)")
        #expect(!down.stderr.contains("still unpaid"), "\(down.stderr)")
    }

    @Test("order ID of an unpaid order draws the QR code of its payment URI")
    func orderShowsQRCode() async throws {
        let transcript = try await signedIn()
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let shown = try await transcript.run(["order", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(MockOrderBook.paymentURI(25)), "\(shown.stdout)")
        #expect(shown.stdout.contains("▀") || shown.stdout.contains("▄"), "a QR code is drawn: \(shown.stdout)")
    }

    @Test("A network failure during buy is 69 without the hint to use --offline (buy cannot run offline)")
    func networkFailureHint() async throws {
        let transcript = try await signedIn()
        transcript.server.loopback.inject(.connectionReset, path: "/ctx/merchants/\(Self.homeDepot)")
        let result = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("check the connection"), "\(result.stderr)")
        #expect(!result.stderr.contains("--offline"), "\(result.stderr)")
        #expect(purchases(transcript) == 0)
    }

    @Test("A refused amount is 65 and lists what is allowed; nothing is sent to buy")
    func amountRefused() async throws {
        let transcript = try await signedIn()
        let result = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "2000", "--yes"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("5.00 to 1000.00"), "\(result.stderr)")
        #expect(purchases(transcript) == 0)
    }

    @Test(
        "The provider's refusals are distinct: out of stock, limits changed, region; provider down is 69",
        arguments: [
            (500, "ctx/errors/out-of-stock.json", Int32(1), "outOfStock"),
            (400, "ctx/errors/above-threshold.json", 1, "limitsChanged"),
            (403, "ctx/errors/region.json", 1, "regionNotAllowed"),
            (503, "ctx/errors/server-error.json", 69, "unavailable"),
        ])
    func refusals(status: Int, body: String, exit: Int32, name: String) async throws {
        let transcript = try await signedIn()
        transcript.server.loopback.inject(
            .respond(status: status, body: transcript.server.fixtureText(body)), path: "/ctx/gift-cards")
        let result = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        #expect(result.status == exit, "\(result.stdout)")
        #expect((try result.json()["error"] as? [String: Any])?["code"] as? String == name, "\(result.stdout)")
        #expect(purchases(transcript) == 1, "never retried")
    }

    @Test("Not signed in: 77 and nothing bought")
    func signInNeeded() async throws {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        let result = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(purchases(transcript) == 0)
    }

    @Test("order --txid finds the CTX order paid by a transaction; an unknown order id is 1")
    func byTransaction() async throws {
        let transcript = try await signedIn()
        let bought = try await runWithoutTerminal(transcript, ["buy", Self.homeDepot, "--amount", "25", "--yes", "--json"])
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        transcript.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-1")
        let found = try await transcript.run(["order", "--txid", "tx-1", "--json"])
        #expect(found.status == 0, "\(found.stderr)")
        let order = try #require(try found.json()["order"] as? [String: Any])
        #expect(order["id"] as? String == id)
        #expect(order["transactionId"] as? String == "tx-1")
        let missing = try await transcript.run(["order", "no-such-order"])
        #expect(missing.status == 1, "\(missing.stderr)")
    }
}
