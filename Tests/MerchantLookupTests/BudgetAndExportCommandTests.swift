import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `search --budget DASH` (what an amount of Dash buys) and `orders --csv` (the accounting export), through
/// the tool: on the embedded sample, and against the mock providers.
@Suite("search --budget and orders --csv", .serialized, hangGuard(minutes: 5))
struct BudgetAndExportCommandTests {
    @Test("search --budget with no rate given and none stored: a clear error naming --rate, exit 1")
    func noRateKnown() async throws {
        let result = try await CLIProcess.run(["search", "--budget", "1", "--offline"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("no Dash exchange rate in USD is known"), "\(result.stderr)")
        #expect(result.stderr.contains("give one with --rate FIAT_PER_DASH"), "\(result.stderr)")
        let json = try await CLIProcess.run(["search", "--budget", "1", "--offline", "--json"])
        let error = try #require(try json.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "noExchangeRate")
    }

    @Test("search --budget refuses a bad amount or rate, and --rate without --budget")
    func usage() async throws {
        for arguments in [
            ["search", "--budget", "0"], ["search", "--budget", "-1"], ["search", "--budget", "1.123456789"],
            ["search", "--budget", "1", "--rate", "abc"], ["search", "--rate", "30"],
        ] {
            let result = try await CLIProcess.run(arguments + ["--offline"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
    }

    @Test("search --budget --json: the budget, the rate given, each merchant's cards that fit and the best")
    func json() async throws {
        let result = try await CLIProcess.run(["search", "depot", "--budget", "1.5", "--rate", "30", "--offline", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        let budget = try #require(document["budget"] as? [String: Any])
        #expect(budget["dash"] as? String == "1.5" && budget["fiat"] as? String == "45.00")
        #expect((budget["rate"] as? [String: Any])?["origin"] as? String == "given")
        let merchants = try #require(document["merchants"] as? [[String: Any]])
        let homeDepot = try #require(merchants.first { $0["merchantId"] as? String == SampleLookupTests.homeDepot })
        let best = try #require(homeDepot["best"] as? [String: Any])
        #expect(best["provider"] as? String == "CTX" && best["value"] as? String == "46.39")
        #expect(best["price"] as? String == "45.00" && best["dash"] as? String == "1.50000000")
    }

    #if PIGGYCARDS_ENABLED
    @Test("search --budget at PiggyCards' live rate, then --offline at the stored one, saying so")
    func providerRate() async throws {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "piggycards", "--email", "user@example.com"]).status == 0)
        #expect(
            try await transcript.run(["auth", "verify", "piggycards", "--code", MockProviderServer.validCode]).status == 0)
        let live = try await transcript.run(["search", "amazon", "--budget", "1"])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout.hasPrefix("1 DASH = 27.17 USD at 27.1703 USD per DASH (PiggyCards' rate, live)\n"))
        let offline = try await transcript.run(["search", "amazon", "--budget", "1", "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("(PiggyCards' rate stored "), "\(offline.stdout)")
        #expect(offline.stdout.contains(" ago, offline)\n"), "\(offline.stdout)")
        #expect(transcript.leakedSecrets().isEmpty)
    }
    #endif

    @Test("orders --csv: a header and one row per card, paid amounts once paid, never the card's codes")
    func csv() async throws {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        let empty = try await transcript.run(["orders", "--csv"])
        #expect(empty.status == 0 && empty.stdout.split(separator: "\n").count == 1, "the header alone")

        transcript.server.orderBook.setProgression([.fulfilled])
        let bought = try await transcript.run(
            ["buy", SampleLookupTests.homeDepot, "--amount", "25", "--yes", "--provider", "ctx", "--json"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let unpaid = try await transcript.run(["orders", "--csv"])
        let unpaidRow = try #require(unpaid.stdout.components(separatedBy: "\n").dropFirst().first)
        let unpaidFields = unpaidRow.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(unpaidFields.count == 13, "\(unpaidRow)")
        #expect(unpaidFields[1...4] == ["Home Depot", "CTX", "25.00", "USD"], "\(unpaidRow)")
        #expect(unpaidFields[5] == "" && unpaidFields[6] == "", "not paid yet: \(unpaidRow)")
        #expect(unpaidFields[10] == "unpaid" && unpaidFields[11] == id, "\(unpaidRow)")

        #expect(try await transcript.run(["order", id]).status == 0, "the card is fetched and kept")
        let result = try await transcript.run(["orders", "--csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.count == 3 && lines.last == "", "a header, one row, LF line ends: \(result.stdout)")
        #expect(lines[0].hasPrefix("date,merchant,provider,card_value,currency,dash_paid,fiat_paid,discount_percent,"))
        let fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[10] == "fulfilled", "\(lines[1])")
        let dash = try #require(Decimal(string: fields[5]))
        let fiat = try #require(Decimal(string: fields[6]))
        #expect(dash > 0 && fiat > 0 && fiat < 25, "\(lines[1])")
        #expect(Decimal(string: fields[7]).map { $0 > 0 } == true, "a discount: \(lines[1])")
        #expect(Decimal(string: fields[8]).map { $0 > 0 } == true, "a rate: \(lines[1])")
        #expect(!result.stdout.contains(MockOrderBook.cardNumber) && !result.stdout.contains(MockOrderBook.cardPin))

        let both = try await transcript.run(["orders", "--csv", "--json"])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(transcript.leakedSecrets().isEmpty)
    }
}
