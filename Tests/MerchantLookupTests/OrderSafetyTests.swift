import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Money is never lost, doubled or misread (issue 17), through the real binary against the mock provider
/// API on loopback answering the wallets' shapes: the orders survive damage to the cache, the create is sent
/// once, later answers never rewrite an order's facts, status words are read as the wallets read them, a
/// card's secrets are masked, the create answer is checked against what was asked, a payment is matched to
/// its own order, and an interrupted or repeated buy says what happened.
@Suite("Orders and money through merchant-lookup", hangGuard(minutes: 5))
struct OrderSafetyTests {
    static let homeDepot = SampleLookupTests.homeDepot
    static let nike = "a1b2c3d4-0002-4000-8000-000000000002"
    /// A live CTX answer for Nike: fixed values 10, 25 and 50, 2 % off.
    static let nikeAnswer = """
        {"id":"a1b2c3d4-0002-4000-8000-000000000002","name":"Nike","enabled":true,"savingsPercentage":200,
         "denominationsType":"fixed","denominations":["10","25","50"]}
        """

    // MARK: - Helpers

    /// Signed in to CTX through the real commands, the server's order book on.
    static func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        transcript.server.orderBook.setCTXMerchant(nike, json: nikeAnswer)
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    /// Runs the tool with its standard input a pipe that is closed at once (never a terminal).
    static func run(_ transcript: AuthTranscript, _ arguments: [String]) async throws -> CLIProcess.Result {
        try await CLIProcess.run(arguments + transcript.urlOptions, home: transcript.home, timeout: 120, input: "")
    }

    /// `buy MERCHANT --amount AMOUNT --yes` plus `extra`.
    static func buy(_ transcript: AuthTranscript, _ merchant: String, _ amount: String, _ extra: [String] = [])
        async throws -> CLIProcess.Result
    {
        try await run(transcript, ["buy", merchant, "--amount", amount, "--yes"] + extra)
    }

    /// `buy ... --json` and the order's local id.
    static func boughtId(_ transcript: AuthTranscript, _ merchant: String = homeDepot, _ amount: String = "25")
        async throws -> String
    {
        let bought = try await buy(transcript, merchant, amount, ["--json"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        return try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
    }

    /// `orders --json`'s orders.
    static func orders(_ transcript: AuthTranscript) async throws -> [[String: Any]] {
        let listed = try await run(transcript, ["orders", "--json"])
        #expect(listed.status == 0, "\(listed.stdout)\(listed.stderr)")
        return try #require(try listed.json()["orders"] as? [[String: Any]])
    }

    /// `order ID --offline --json`'s order.
    static func kept(_ transcript: AuthTranscript, _ id: String) async throws -> [String: Any] {
        let shown = try await run(transcript, ["order", id, "--offline", "--json", "--reveal"])
        #expect(shown.status == 0, "\(shown.stdout)\(shown.stderr)")
        return try #require(try shown.json()["order"] as? [String: Any])
    }

    /// How many create requests reached the server: every one whose head arrived, body or not.
    static func creates(_ transcript: AuthTranscript) -> Int {
        transcript.server.loopback.requestHeadCount(path: "/ctx/gift-cards")
    }

    /// The network's state folder.
    static func folder(_ transcript: AuthTranscript) -> String { transcript.home + "/mainnet" }

    /// The files of the state folder whose names start with `prefix`.
    static func files(_ transcript: AuthTranscript, prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(transcript))) ?? []).filter { $0.hasPrefix(prefix) }
            .sorted()
    }

    // MARK: - 1. Orders are precious, answers a cache

    @Test("Damage confined to the stored answers (one page) never touches the orders or their cards")
    func cacheDamageKeepsOrders() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.orderBook.setProgression([.fulfilled])
        let id = try await Self.boughtId(transcript)
        #expect(try await Self.run(transcript, ["order", id]).status == 0, "the card is delivered and kept")
        let state = try SQLiteConnection(path: Self.folder(transcript) + "/state.db", mode: .readWrite)
        try state.transaction { db in
            for index in 0..<400 {
                try db.execute(
                    "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', ?1, 0, ?2)",
                    [.text("filler-\(index)"), .text("CACHE-DAMAGE-MARKER " + String(repeating: "x", count: 300))])
            }
        }
        try SQLitePageDamage.damagePage(of: Self.folder(transcript) + "/state.db", holding: "CACHE-DAMAGE-MARKER")

        let listed = try await Self.orders(transcript)
        #expect(listed.map { $0["id"] as? String } == [id], "the order is still listed")
        let kept = try await Self.kept(transcript, id)
        let cards = try #require(kept["cards"] as? [[String: Any]])
        #expect(cards.first?["number"] as? String == MockOrderBook.cardNumber, "the card survives")

        // A command that uses the stored answers finds the damage and starts a new cache: the orders stay.
        let shown = try await Self.run(transcript, ["show", Self.homeDepot])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try await Self.orders(transcript).map { $0["id"] as? String } == [id])
        #expect(Self.files(transcript, prefix: "orders.db.damaged").isEmpty, "the orders were never set aside")
    }

    @Test("The orders of a 0.1.0 state database move to the orders database, cards included; the cache stays")
    func legacyOrdersMove() async throws {
        let transcript = try AuthTranscript()
        try LegacyStateDatabase.write(
            home: transcript.home,
            rows: [
                .init(
                    id: "legacy-1", provider: "ctx", providerOrderId: "ctx-order-41", merchantId: Self.homeDepot,
                    merchantName: "Home Depot", amount: "25.00", status: "fulfilled", paymentURI: nil,
                    card: #"{"name":"Home Depot","number":"6006491234567890","pin":"4321"}"#),
                .init(
                    id: "legacy-2", provider: "ctx", providerOrderId: nil, merchantId: Self.homeDepot,
                    merchantName: "Home Depot", amount: "30.00", status: "unknown", paymentURI: nil, card: nil),
            ])
        let listed = try await Self.orders(transcript)
        #expect(Set(listed.compactMap { $0["id"] as? String }) == ["legacy-1", "legacy-2"])
        let card = try #require((try await Self.kept(transcript, "legacy-1")["cards"] as? [[String: Any]])?.first)
        #expect(card["number"] as? String == "6006491234567890")
        #expect(FileManager.default.fileExists(atPath: Self.folder(transcript) + "/orders.db"))
        let state = try SQLiteConnection(path: Self.folder(transcript) + "/state.db", mode: .readOnly)
        #expect(try state.fetchOne("SELECT COUNT(*) AS n FROM purchase_order") { $0.integer("n") } == 0, "moved, not copied")
        #expect(try await Self.orders(transcript).count == 2, "once")
    }

    @Test("A state database with a newer version's migration is neither moved nor emptied of orders")
    func newerStateDatabaseIsNotMoved() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        let path = Self.folder(transcript) + "/state.db"
        try SQLiteConnection(path: path, mode: .readWrite).execute(
            "INSERT INTO dashspend_migrations (name, applied_at) VALUES ('99-from-the-future', 'later')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(try await Self.orders(transcript).map { $0["id"] as? String } == [id])
        let shown = try await Self.run(transcript, ["show", Self.homeDepot])
        #expect(shown.status == 0, "the cache is only a cache: \(shown.stderr)")
        #expect(Self.files(transcript, prefix: "state.db.damaged").isEmpty, "never moved aside")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "never rewritten")
    }

    @Test("An orders database from a newer version is read, never moved or rewritten; a buy is refused naming the versions")
    func newerOrderDatabaseIsReadOnly() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        let path = Self.folder(transcript) + "/orders.db"
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        // This version's last migration, as the file records it.
        let known = try #require(
            try connection.fetchOne("SELECT name FROM dashspend_migrations ORDER BY rowid DESC LIMIT 1") { $0.text("name") }
                ?? nil)
        try connection.execute(
            "INSERT INTO dashspend_migrations (name, applied_at) VALUES ('99-from-the-future', 'later')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let sent = Self.creates(transcript)

        #expect(try await Self.orders(transcript).map { $0["id"] as? String } == [id], "read as it is")
        let refused = try await Self.buy(transcript, Self.homeDepot, "30")
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("99-from-the-future"), "names the newer version: \(refused.stderr)")
        #expect(refused.stderr.contains("knows up to \(known)"), "and this one's: \(refused.stderr)")
        #expect(Self.creates(transcript) == sent, "nothing was ordered")
        let asked = try await Self.run(transcript, ["order", id])
        #expect(asked.status == 73, "a status it could not keep is not asked: \(asked.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "never rewritten")
        #expect(Self.files(transcript, prefix: "orders.db.damaged").isEmpty, "never moved")
    }

    @Test("A damaged orders database is set aside and said on every command until `orders` has shown it")
    func damagedOrdersAreReportedUntilShown() async throws {
        let transcript = try await Self.signedIn()
        _ = try await Self.boughtId(transcript)
        let path = Self.folder(transcript) + "/orders.db"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for index in 100..<bytes.count { bytes[index] = 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        // A command that only reads says so and leaves the file as it is (issue 29).
        let first = try await Self.run(transcript, ["show", Self.homeDepot, "--offline"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("the orders database \(path) is damaged"), "\(first.stderr)")
        #expect(Self.files(transcript, prefix: "orders.db.damaged-").isEmpty, "a reading command moves nothing")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "nor writes it")
        let second = try await Self.run(transcript, ["search", "home", "--offline"])
        #expect(second.stderr.contains("the orders database \(path) is damaged"), "again: \(second.stderr)")

        // The command about orders salvages it, sets it aside and says where; then the others say it too.
        let salvaged = try await Self.run(transcript, ["orders", "--json"])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        let aside = try #require(Self.files(transcript, prefix: "orders.db.damaged-").first)
        let third = try await Self.run(transcript, ["search", "home", "--offline"])
        #expect(!third.stderr.contains("is damaged; it is left"), "\(third.stderr)")

        let listed = try await Self.run(transcript, ["orders"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(aside), "`orders` shows where the damaged file is: \(listed.stdout)")
        let json = try await Self.run(transcript, ["orders", "--json"])
        let setAside = try #require(try json.json()["setAside"] as? [[String: Any]])
        #expect((setAside.first?["path"] as? String)?.hasSuffix(aside) == true, "\(setAside)")
        let later = try await Self.run(transcript, ["show", Self.homeDepot, "--offline"])
        #expect(!later.stderr.contains(aside), "said until shown in `orders`: \(later.stderr)")
    }

    // MARK: - 2. Exactly one create

    @Test(
        "A create whose connection is reset or closed is sent once and reported at once: the order may exist, kept unknown",
        arguments: [LoopbackFault.connectionReset, .closeConnection])
    func droppedCreateIsSentOnce(fault: LoopbackFault) async throws {
        let transcript = try await Self.signedIn()
        // Keep-alive, as a real server: the merchant lookup leaves a connection the create could ride on.
        transcript.server.loopback.setKeepAlive(true)
        transcript.server.loopback.inject(fault, path: "/ctx/gift-cards")
        let result = try await Self.buy(transcript, Self.homeDepot, "25", ["--timeout", "60"])
        #expect(Self.creates(transcript) == 1, "the create went out once")
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("may exist"), "\(result.stderr)")
        let order = try #require(try await Self.orders(transcript).first)
        let id = try #require(order["id"] as? String)
        #expect(order["status"] as? String == "unknown")
        #expect(result.stderr.contains(id), "the local id is named: \(result.stderr)")
        #expect(!result.stdout.contains("dash:"), "no payment is shown")
    }

    // MARK: - 3. Facts fixed at creation

    @Test("A later answer with another payment or another id is refused, kept out, and said (with -v too)")
    func laterAnswersCannotRewriteFacts() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        let created = try await Self.kept(transcript, id)
        transcript.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["id"] = .string("ctx-order-999")
            object["paymentUrls"] = .object([
                "DASH.DASH": .string("dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=9.5")
            ])
            return .object(object)
        }
        let asked = try await Self.run(transcript, ["order", id, "-v"])
        #expect(asked.status == 0, "the kept order is shown: \(asked.stderr)")
        #expect(asked.stdout.contains(MockOrderBook.paymentURI(25)), "the checked payment stays: \(asked.stdout)")
        #expect(!asked.stdout.contains("XpESxaUmonkq8RaLLp46Brx2K39ggQe226"), "\(asked.stdout)")
        #expect(asked.stderr.contains("refused"), "a note says the answer was refused: \(asked.stderr)")
        let kept = try await Self.kept(transcript, id)
        #expect(kept["paymentURI"] as? String == created["paymentURI"] as? String)
        #expect(kept["providerOrderId"] as? String == "ctx-order-1", "still followed by its own id")
    }

    // MARK: - 4. Status words

    @Test("A CTX status word the wallets do not know is unknown, shown with CTX's word, never payable")
    func unknownCTXStatus() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        transcript.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["status"] = .string("expired")
            return .object(object)
        }
        let shown = try await Self.run(transcript, ["order", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("expired"), "CTX's own word: \(shown.stdout)")
        #expect(!shown.stdout.contains("dash:") && !shown.stdout.contains("pay:"), "not payable: \(shown.stdout)")
        #expect(!shown.stdout.contains("▀") && !shown.stdout.contains("▄"), "no QR code: \(shown.stdout)")
        let json = try await Self.kept(transcript, id)
        #expect(json["status"] as? String == "unknown")
        #expect(json["providerStatus"] as? String == "expired")

        let waited = try await Self.run(transcript, ["order", id, "--wait", "--poll-interval", "0.05", "--wait-timeout", "30"])
        #expect(waited.status == 0, "the wait ends: the order will not move in known words: \(waited.stderr)")
        #expect(!waited.stderr.contains("still unpaid"), "\(waited.stderr)")
    }

    @Test("A fulfilled CTX order without payment URLs has no bogus note and no payment beside its card")
    func fulfilledWithoutPaymentURLs() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        transcript.server.orderBook.setProgression([.fulfilled])
        transcript.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["paymentUrls"] = nil
            return .object(object)
        }
        let shown = try await Self.run(transcript, ["order", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("fulfilled"))
        #expect(!shown.stdout.contains("DASH.DASH"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("note:"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("pay:") && !shown.stdout.contains("dash:"), "\(shown.stdout)")
    }

    // MARK: - 5 and 6. The whole card, its secrets masked

    @Test("A URL card keeps CTX's redeem challenge; every link carrying the code is masked unless --reveal")
    func urlCardChallengeAndMasking() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        transcript.server.orderBook.setProgression([.fulfilled])
        let secret = MockOrderBook.cardNumber
        transcript.server.orderBook.setStatusAnswerEdit { _, _, answer in
            var object = answer.object ?? [:]
            object["redeemType"] = .string("url")
            object["redeemUrl"] = .string("https://ctx.example/redeem?code=\(secret)")
            object["barcodeUrl"] = .string("https://ctx.example/barcodes/\(secret).png")
            object["redeemUrlChallenge"] = .string("CHALLENGE-7731")
            return .object(object)
        }
        let text = try await Self.run(transcript, ["order", id])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains(secret), "\(text.stdout)")
        #expect(!text.stdout.contains("CHALLENGE-7731"), "\(text.stdout)")
        for arguments in [["order", id, "--json"], ["order", id, "--offline", "--json"], ["orders", "--json"]] {
            let json = try await Self.run(transcript, arguments)
            #expect(json.status == 0, "\(arguments): \(json.stderr)")
            #expect(!json.stdout.contains(secret), "\(arguments): \(json.stdout)")
            #expect(!json.stdout.contains("CHALLENGE-7731"), "\(arguments): \(json.stdout)")
        }
        let revealed = try await Self.kept(transcript, id)
        let card = try #require((revealed["cards"] as? [[String: Any]])?.first)
        #expect(card["redeemChallenge"] as? String == "CHALLENGE-7731")
        #expect(card["claimLink"] as? String == "https://ctx.example/redeem?code=\(secret)")
        let revealedText = try await Self.run(transcript, ["order", id, "--offline", "--reveal"])
        #expect(revealedText.stdout.contains("CHALLENGE-7731"), "\(revealedText.stdout)")
    }

    // MARK: - 7. The answer compared with what was asked

    @Test(
        "A create answer that asks too much Dash, absurd Dash or for another card is kept rejected: no payment, exit 1",
        arguments: [
            ("paymentUrls", "dash:XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw?amount=100"),
            ("paymentUrls", "dash:XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw?amount=999999999999"),
            ("cardFiatAmount", "250.00"),
            ("cardFiatCurrency", "EUR"),
        ])
    func createAnswerChecked(field: String, value: String) async throws {
        let transcript = try await Self.signedIn()
        transcript.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            object[field] = field == "paymentUrls" ? .object(["DASH.DASH": .string(value)]) : .string(value)
            return .object(object)
        }
        let result = try await Self.buy(transcript, Self.homeDepot, "25")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("dash:") && !result.stdout.contains("▀"), "no payment shown: \(result.stdout)")
        let order = try #require(try await Self.orders(transcript).first)
        #expect(order["status"] as? String == "rejected")
        #expect(order["paymentURI"] is NSNull, "no payment kept to be shown later")
        let id = try #require(order["id"] as? String)
        #expect(result.stderr.contains(id), "\(result.stderr)")
    }

    // MARK: - 8. A payment found by its transaction goes to its own order

    @Test("order --txid attaches CTX's answer to the unknown order of that merchant, not the newest of that amount")
    func transactionMatchesItsMerchant() async throws {
        let transcript = try await Self.signedIn()
        // Two creates whose answers are lost: Home Depot first, then Nike (newer), both 25.
        transcript.server.loopback.inject(.truncatedBody, path: "/ctx/gift-cards")
        #expect(try await Self.buy(transcript, Self.homeDepot, "25").status == 69)
        #expect(try await Self.buy(transcript, Self.nike, "25").status == 69)
        transcript.server.loopback.clearFaults()
        let kept = try await Self.orders(transcript)
        let homeDepotOrder = try #require(kept.first { $0["merchantId"] as? String == Self.homeDepot }?["id"] as? String)
        let nikeOrder = try #require(kept.first { $0["merchantId"] as? String == Self.nike }?["id"] as? String)

        transcript.server.orderBook.markPaid("ctx-order-1", transactionId: "tx-home-depot")
        let found = try await Self.run(transcript, ["order", "--txid", "tx-home-depot", "--json"])
        #expect(found.status == 0, "\(found.stderr)")
        let order = try #require(try found.json()["order"] as? [String: Any])
        #expect(order["id"] as? String == homeDepotOrder)
        #expect(order["providerOrderId"] as? String == "ctx-order-1")
        #expect(try await Self.kept(transcript, nikeOrder)["status"] as? String == "unknown", "Nike's stays unknown")
    }

    @Test("order --txid: two unknown orders that could be it are listed, nothing changed; none is a new order found by it")
    func transactionAmbiguousOrNew() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.loopback.inject(.truncatedBody, path: "/ctx/gift-cards")
        #expect(try await Self.buy(transcript, Self.homeDepot, "25").status == 69)
        #expect(try await Self.buy(transcript, Self.homeDepot, "25", ["--again"]).status == 69)
        transcript.server.loopback.clearFaults()
        let ids = try await Self.orders(transcript).compactMap { $0["id"] as? String }
        #expect(ids.count == 2)

        transcript.server.orderBook.markPaid("ctx-order-2", transactionId: "tx-either")
        let ambiguous = try await Self.run(transcript, ["order", "--txid", "tx-either"])
        #expect(ambiguous.status == 1, "\(ambiguous.stderr)")
        for id in ids { #expect(ambiguous.stderr.contains(id), "candidates listed: \(ambiguous.stderr)") }
        #expect(try await Self.orders(transcript).allSatisfy { $0["status"] as? String == "unknown" }, "nothing changed")

        // An order bought on another device: kept here as a new order, marked as found by its transaction.
        let device = transcript.home + "-other-device"
        defer { try? FileManager.default.removeItem(atPath: device) }
        for arguments in [
            ["auth", "login", "ctx", "--email", "user@example.com"],
            ["auth", "verify", "ctx", "--code", MockProviderServer.validCode],
            ["buy", Self.nike, "--amount", "50", "--yes"],
        ] {
            let result = try await CLIProcess.run(arguments + transcript.urlOptions, home: device, timeout: 120, input: "")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        transcript.server.orderBook.markPaid("ctx-order-3", transactionId: "tx-elsewhere")
        let other = try await Self.run(transcript, ["order", "--txid", "tx-elsewhere", "--json"])
        #expect(other.status == 0, "\(other.stderr)")
        let found = try #require(try other.json()["order"] as? [String: Any])
        #expect(found["providerOrderId"] as? String == "ctx-order-3")
        #expect(found["foundByTransaction"] as? Bool == true, "\(found)")
        #expect(!ids.contains(found["id"] as? String ?? ""), "a new order")
        #expect(try await Self.orders(transcript).count == 3)
    }

    // MARK: - 9. Interrupted and repeated buys

    @Test("SIGINT or SIGTERM during the create: the answer is waited for and kept, the local id and how to check it said")
    func interruptedCreate() async throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
            let transcript = try await Self.signedIn()
            // The create is held while the test signals the process and waits for its note; the process's
            // time-out and the hold are far longer than that can take on a loaded machine (with the default 20 s
            // and a 60 s hold, the create could end before the signal).
            let gate = LoopbackGate()
            transcript.server.loopback.inject(.hold(gate), path: "/ctx/gift-cards", times: 1)
            defer { gate.open() }
            let running = try RunningCLI(
                ["buy", Self.homeDepot, "--amount", "25", "--yes", "--timeout", "300"] + transcript.urlOptions,
                home: transcript.home)
            #expect(try await gate.waitForArrivals(1), "the create reached the server")
            running.send(signal)
            #expect(try await running.waitForStderr(containing: "interrupted", timeout: 90), "\(running.stderr)")
            gate.open()
            #expect(await running.exitStatus() == status, "\(running.stderr)")
            let order = try #require(try await Self.orders(transcript).first)
            let id = try #require(order["id"] as? String)
            #expect(running.stderr.contains(id), "the local id: \(running.stderr)")
            #expect(running.stderr.contains("merchant-lookup order \(id)"), "how to check it: \(running.stderr)")
            #expect(order["status"] as? String == "unpaid", "the answer was kept: \(order)")
            #expect(order["providerOrderId"] as? String == "ctx-order-1")
        }
    }

    @Test("A buy killed during the create leaves an order that the next run shows as unknown, never `creating`")
    func killedCreate() async throws {
        let transcript = try await Self.signedIn()
        // Held until after the kill, and the process's time-out longer still: the kill, not an answer or a
        // time-out, ends the create (a 60 s hold and the default 20 s let a loaded machine decide).
        let gate = LoopbackGate()
        transcript.server.loopback.inject(.hold(gate), path: "/ctx/gift-cards", times: 1)
        defer { gate.open() }
        let running = try RunningCLI(
            ["buy", Self.homeDepot, "--amount", "25", "--yes", "--timeout", "300"] + transcript.urlOptions,
            home: transcript.home)
        #expect(try await gate.waitForArrivals(1))
        running.send(SIGKILL)
        #expect(await running.exitStatus() == nil)
        gate.open()
        let order = try #require(try await Self.orders(transcript).first)
        #expect(order["status"] as? String == "unknown", "\(order)")

        let again = try await Self.buy(transcript, Self.homeDepot, "25")
        #expect(again.status == 1, "the unknown order stops a second buy: \(again.stderr)")
        #expect(again.stderr.contains(order["id"] as? String ?? "?"), "\(again.stderr)")
        #expect(Self.creates(transcript) == 1)
    }

    @Test("buy refuses while an unknown or unpaid order of that card is younger than a day, unless --again")
    func repeatedBuy() async throws {
        let transcript = try await Self.signedIn()
        let id = try await Self.boughtId(transcript)
        let refused = try await Self.buy(transcript, Self.homeDepot, "25")
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains(id) && refused.stderr.contains("--again"), "\(refused.stderr)")
        #expect(Self.creates(transcript) == 1, "nothing sent")
        #expect(try await Self.buy(transcript, Self.homeDepot, "30").status == 0, "another amount is another card")
        let again = try await Self.buy(transcript, Self.homeDepot, "25", ["--again"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.creates(transcript) == 3)
    }

    // MARK: - 10. The rest

    @Test("A provider answering a create with an order id already kept: the new order is rejected, never sharing it")
    func reusedProviderOrderId() async throws {
        let transcript = try await Self.signedIn()
        let first = try await Self.boughtId(transcript)
        transcript.server.orderBook.setCreateAnswerEdit { _, answer in
            var object = answer.object ?? [:]
            object["id"] = .string("ctx-order-1")
            return .object(object)
        }
        let second = try await Self.buy(transcript, Self.homeDepot, "30")
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(!second.stdout.contains("dash:"), "\(second.stdout)")
        let sharing = try await Self.orders(transcript).filter { $0["providerOrderId"] as? String == "ctx-order-1" }
        #expect(sharing.map { $0["id"] as? String } == [first], "\(sharing)")
        let byProviderId = try await Self.run(transcript, ["order", "ctx-order-1", "--offline", "--json"])
        #expect((try byProviderId.json()["order"] as? [String: Any])?["id"] as? String == first)
    }

    @Test("Plain-text `Gift card N is out of stock` is out of stock at any status")
    func outOfStockAtAnyStatus() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.loopback.inject(.respond(status: 400, body: "Gift card 123 is out of stock"), path: "/ctx/gift-cards")
        let result = try await Self.buy(transcript, Self.homeDepot, "25", ["--json"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect((try result.json()["error"] as? [String: Any])?["code"] as? String == "outOfStock", "\(result.stdout)")
    }

    @Test("The limits-changed hint names the merchant")
    func limitsChangedHint() async throws {
        let transcript = try await Self.signedIn()
        transcript.server.loopback.inject(
            .respond(status: 400, body: transcript.server.fixtureText("ctx/errors/above-threshold.json")),
            path: "/ctx/gift-cards")
        let result = try await Self.buy(transcript, Self.homeDepot, "25")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("show \(Self.homeDepot) --live"), "\(result.stderr)")
        #expect(!result.stderr.contains("MERCHANT"), "\(result.stderr)")
    }
}
