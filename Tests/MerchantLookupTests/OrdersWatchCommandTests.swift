import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `orders --watch` against the mock CTX order book, through the real commands (`buy`, `order`).
@Suite("merchant-lookup orders --watch", hangGuard(minutes: 5))
struct OrdersWatchCommandTests {
    /// The golden files of ``golden(name:extra:)``, in Fixtures/Golden.
    static let goldenNames = ["orders-watch", "orders-watch-json"]

    /// Signed in to CTX, the order book on, orders walking through `progression`.
    func signedIn(_ progression: [OrderStatus]) async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        transcript.server.orderBook.setProgression(progression)
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    /// Buys a Home Depot card of `amount` at CTX; its local id.
    func buy(_ amount: String, _ transcript: AuthTranscript) async throws -> String {
        let bought = try await transcript.run(
            ["buy", SampleLookupTests.homeDepot, "--amount", amount, "--yes", "--json", "--provider", "ctx"])
        #expect(bought.status == 0, "\(bought.stderr)")
        return try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
    }

    @Test("Three orders settling at different times: one NDJSON line per change, --exec once per card, 0 at the end")
    func threeOrders() async throws {
        let transcript = try await signedIn([.unpaid, .unpaid, .paid, .paid, .fulfilled])
        let ids = [try await buy("25", transcript), try await buy("30", transcript), try await buy("40", transcript)]
        for _ in 0..<4 { #expect(try await transcript.run(["order", ids[0]]).status == 0) }
        for _ in 0..<2 { #expect(try await transcript.run(["order", ids[1]]).status == 0) }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("watch-exec-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }

        let watched = try await transcript.run([
            "orders", "--watch", "--json", "--poll-interval", "0.02", "--until-time", "60",
            "--exec", #"echo "$DASHSPEND_ORDER_ID $DASHSPEND_ORDER_STATUS" >> '"# + log + #"'; echo "saw $DASHSPEND_ORDER_ID""#,
        ])
        #expect(watched.status == 0, "\(watched.stderr)")
        let lines = watched.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(objects.count == 5, "\(watched.stdout)")
        let fulfilled = objects.filter { $0["status"] as? String == "fulfilled" }
        #expect(fulfilled.compactMap { $0["id"] as? String } == ids, "each settles in its turn: \(watched.stdout)")
        #expect(fulfilled.allSatisfy { $0["cardsArrived"] as? Int == 1 && $0["open"] as? Bool == false })
        #expect(objects.allSatisfy { $0["merchant"] as? String == "Home Depot" && $0["error"] == nil })
        let ran = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(ran == ids.map { "\($0) fulfilled\n" }.joined(), "once per card that arrived: \(ran)")
        #expect(ids.allSatisfy { watched.stderr.contains("saw \($0)\n") }, "its output on stderr: \(watched.stderr)")
        #expect(!(watched.stdout + watched.stderr).contains(MockOrderBook.cardNumber), "never a card's code")
        #expect(!(watched.stdout + watched.stderr).contains(MockOrderBook.cardPin))

        let again = try await transcript.run(["orders", "--watch"])
        #expect(again.status == 0 && again.stdout == "No open orders on mainnet: nothing to watch.\n", "\(again.stdout)")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("Text lines: time, order id, merchant, old → new status, card arrived")
    func textLines() async throws {
        let transcript = try await signedIn([.unpaid, .paid, .fulfilled])
        let id = try await buy("25", transcript)
        let watched = try await transcript.run(["orders", "--watch", "--poll-interval", "0.02"])
        #expect(watched.status == 0, "\(watched.stderr)")
        let lines = watched.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.count == 2, "\(watched.stdout)")
        #expect(watched.stdout.contains("  \(id)  Home Depot  unpaid → paid\n"), "\(watched.stdout)")
        #expect(watched.stdout.contains("  \(id)  Home Depot  paid → fulfilled, card arrived\n"), "\(watched.stdout)")
        #expect(lines.allSatisfy { $0.first?.hasSuffix("Z") == true }, "each line starts with its UTC time")
        #expect(watched.stderr.contains("watching 1 open order"), "\(watched.stderr)")
    }

    @Test(
        "orders --watch, text and --json, match their golden files (the order id and times masked)",
        arguments: zip(goldenNames, [[], ["--json"]]))
    func golden(name: String, extra: [String]) async throws {
        let transcript = try await signedIn([.unpaid, .paid, .fulfilled])
        // One order: the lines of several interleave as their polls fall, which the other tests check.
        let id = try await buy("25", transcript)
        let time = try NSRegularExpression(pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z")
        let arguments = ["orders", "--watch", "--poll-interval", "0.02"] + extra
        let watched = try await transcript.run(arguments)
        #expect(watched.stderr.contains("watching 1 open order"), "\(watched.stderr)")
        try GoldenOutputTests.check(
            GoldenOutputTests.Case(name: name, arguments: []), result: watched, shown: arguments,
            stderr: watched.stderr,
            normalize: { text in
                let ids = text.replacingOccurrences(of: id, with: "ORDER_ID")
                return time.stringByReplacingMatches(in: ids, range: NSRange(ids.startIndex..., in: ids), withTemplate: "TIME")
            })
    }

    @Test("--until-time with orders still open: 75, saying how many; no open order: 0 at once")
    func untilTime() async throws {
        let transcript = try await signedIn([.unpaid])
        let none = try await transcript.run(["orders", "--watch", "--json"])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
        #expect(none.stderr.contains("No open orders on mainnet"), "\(none.stderr)")
        _ = try await buy("25", transcript)
        let watched = try await transcript.run(["orders", "--watch", "--until-time", "0.5", "--poll-interval", "0.05"])
        #expect(watched.status == 75, "\(watched.stderr)")
        #expect(watched.stdout.isEmpty, "nothing changed: \(watched.stdout)")
        #expect(watched.stderr.contains("1 order is still open after 0.5 s"), "\(watched.stderr)")
        let json = try await transcript.run(["orders", "--watch", "--json", "--until-time", "0.2"])
        #expect(json.status == 75)
        #expect((try json.json()["error"] as? [String: Any])?["code"] as? String == "stillOpen", "\(json.stdout)")
    }

    @Test("--exec, --until-time and --poll-interval go with --watch; --watch neither with --csv nor --offline")
    func usage() async throws {
        let transcript = try AuthTranscript()
        for arguments in [
            ["orders", "--exec", "true"], ["orders", "--until-time", "5"], ["orders", "--poll-interval", "1"],
            ["orders", "--watch", "--csv"], ["orders", "--watch", "--offline"], ["orders", "--watch", "--until-time", "0"],
        ] {
            let result = try await transcript.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
    }
}
