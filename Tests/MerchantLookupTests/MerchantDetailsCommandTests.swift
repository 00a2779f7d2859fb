import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// What the explore database knows of a merchant beyond its offers (phone, directions, logo; each place's
/// own with `--near`), where its cards work (`show`, and `buy` before it confirms, with the provider's terms
/// and support address), and `order ID --support`: on the embedded sample and against the mock providers.
@Suite("show's details, where a card works, terms and support", .serialized, hangGuard(minutes: 5))
struct MerchantDetailsCommandTests {
    static let homeDepot = SampleLookupTests.homeDepot
    static let atlanta = "33.7490,-84.3880"

    @Test("show prints the merchant's phone, logo and where its cards work; a one-place merchant its directions")
    func merchantDetails() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n  phone: (800) 555-0100\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\n  logo: https://logos.example/dashspend-sample/\(Self.homeDepot).png\n"))
        #expect(result.stdout.contains("\n  cards work in: the United States only\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("directions"), "several places: each has its own: \(result.stdout)")

        let cycles = try await CLIProcess.run(["show", "9002", "--offline"])
        #expect(cycles.status == 0, "\(cycles.stderr)")
        #expect(cycles.stdout.contains("\n  phone: (512) 555-0193\n"), "\(cycles.stdout)")
        #expect(cycles.stdout.contains("\n  directions: https://www.google.com/maps/search/?api=1&query=30.256,-97.717\n"))
        #expect(!cycles.stdout.contains("cards work"), "paid in Dash: no card: \(cycles.stdout)")
    }

    @Test("show --near lists the places nearest first, each with its distance, phone and directions")
    func nearImpliesLocations() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--near", Self.atlanta])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let section = try #require(lines.firstIndex(of: "  locations: 3, nearest first"), "\(result.stdout)")
        let places = lines[(section + 1)...].filter { !$0.contains("phone: ") && !$0.contains("directions: ") }
        #expect(places.map { $0.contains("Atlanta") || $0.contains("Chicago") || $0.contains("Austin") } == [true, true, true])
        #expect(places.first?.contains("Atlanta") == true && places.last?.contains("Austin") == true, "\(result.stdout)")
        #expect(lines[section + 2].hasSuffix("phone: (404) 555-0110"), "\(result.stdout)")
        #expect(lines[section + 3].hasSuffix("directions: https://www.google.com/maps/search/?api=1&query=33.7725,-84.3665"))

        let json = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--near", Self.atlanta, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try json.json()
        #expect(document["phone"] as? String == "(800) 555-0100")
        #expect(document["logoLocation"] as? String == "https://logos.example/dashspend-sample/\(Self.homeDepot).png")
        #expect(document["googleMaps"] is NSNull)
        #expect(document["cardCountries"] as? [String] == ["US"])
        #expect(document["cardsWorkInCountry"] is NSNull, "country unknown")
        let locations = try #require(document["locations"] as? [[String: Any]])
        let distances = locations.compactMap { $0["distanceKm"] as? Double }
        #expect(distances.count == 3 && distances == distances.sorted(), "nearest first: \(distances)")
        #expect(locations.map { $0["phone"] as? String } == ["(404) 555-0110", "(312) 555-0111", "(512) 555-0112"])
        #expect(locations.allSatisfy { ($0["googleMaps"] as? String)?.hasPrefix("https://www.google.com/maps/") == true })
    }

    @Test("With a country where the cards do not work, show says so; in the United States it does not")
    func cardCountry() async throws {
        let germany = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--country", "DE"])
        #expect(germany.status == 0, "\(germany.stderr)")
        #expect(germany.stdout.contains("\n  cards work in: the United States only (not in DE, the country set)\n"))
        let json = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--country", "DE", "--json"])
        #expect(try json.json()["cardsWorkInCountry"] as? Bool == false)

        let home = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--country", "US", "--json"])
        #expect(try home.json()["cardsWorkInCountry"] as? Bool == true)
    }

    /// Signed in to CTX against the mock, one Home Depot card bought with `--yes` (text) and delivered.
    func delivered() async throws -> (AuthTranscript, bought: String, id: String) {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.orderBook.setProgression([.fulfilled])
        let bought = try await transcript.run(["buy", Self.homeDepot, "--amount", "25", "--yes", "--provider", "ctx"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let orders = try await transcript.run(["orders", "--json"])
        let list = try #require(try orders.json()["orders"] as? [[String: Any]])
        let id = try #require(list.first?["id"] as? String)
        #expect(try await transcript.run(["order", id]).status == 0, "the card is fetched and kept")
        return (transcript, bought.stdout, id)
    }

    @Test("buy shows where the card works, the provider's terms and its support address before ordering")
    func buyQuote() async throws {
        let (transcript, bought, _) = try await delivered()
        #expect(bought.contains("works in: the United States only\n"), "\(bought)")
        #expect(bought.contains("terms:    https://ctx.com/gift-card-agreement/\n"), "\(bought)")
        #expect(bought.contains("support:  support@ctx.com\n"), "\(bought)")
        let ordered = try #require(bought.range(of: "Ordered:"))
        #expect(try #require(bought.range(of: "terms:")).lowerBound < ordered.lowerBound, "said before the order")

        let json = try await transcript.run(
            ["buy", Self.homeDepot, "--amount", "50", "--yes", "--provider", "ctx", "--json", "--country", "US"])
        #expect(json.status == 0, "\(json.stderr)")
        let quote = try #require(try json.json()["quote"] as? [String: Any])
        #expect(quote["cardCountries"] as? [String] == ["US"])
        #expect(quote["cardsWorkInCountry"] as? Bool == true)
        #expect(quote["termsURL"] as? String == "https://ctx.com/gift-card-agreement/")
        #expect(quote["supportEmail"] as? String == "support@ctx.com")
    }

    @Test("order ID --support prints an e-mail for CTX's support with the order's facts and never the card's codes")
    func supportReport() async throws {
        let (transcript, _, id) = try await delivered()
        let report = try await transcript.run(["order", id, "--support"])
        #expect(report.status == 0, "\(report.stderr)")
        let text = report.stdout
        #expect(text.hasPrefix("To: support@ctx.com\nSubject: Gift card order "), "\(text)")
        #expect(text.contains("(Home Depot, 25.00 USD)\n"), "\(text)")
        #expect(text.contains("\nmerchant:    Home Depot (\(Self.homeDepot))\n"), "\(text)")
        #expect(text.contains("\nlocal id:    \(id)\n"), "\(text)")
        #expect(text.contains("\ncard value:  25.00 USD\n"), "\(text)")
        #expect(text.contains("\nstatus:      fulfilled"), "\(text)")
        #expect(text.contains("\ncards:       1 delivered (their codes are not part of this report)\n"), "\(text)")
        #expect(text.contains("\nhistory:\n  "), "\(text)")
        #expect(text.contains("creating: order written here, before the provider was asked"), "\(text)")
        #expect(text.contains("(terms: https://ctx.com/gift-card-agreement/)"), "\(text)")
        #expect(!text.contains(MockOrderBook.cardNumber) && !text.contains(MockOrderBook.cardPin), "\(text)")

        let offline = try await transcript.run(["order", id, "--support", "--offline", "--json"])
        #expect(offline.status == 0, "\(offline.stderr)")
        let json = try #require(try offline.json()["supportReport"] as? [String: Any])
        #expect(json["to"] as? String == "support@ctx.com")
        #expect(json["orderId"] as? String == id)
        #expect(json["amount"] as? String == "25.00")
        #expect(json["cardsDelivered"] as? Int == 1)
        #expect((json["history"] as? [[String: Any]])?.first?["status"] as? String == "creating")
        #expect(!offline.stdout.contains(MockOrderBook.cardNumber) && !offline.stdout.contains(MockOrderBook.cardPin))

        let both = try await transcript.run(["order", id, "--support", "--reveal"])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--support never shows the card's codes"), "\(both.stderr)")
        #expect(transcript.leakedSecrets().isEmpty)
    }
}
