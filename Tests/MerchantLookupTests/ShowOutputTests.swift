import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// What `show` says in words: a zero discount, what the order of several providers means, one locations
/// section, and the unknown-country note only where a country could change the answer. (The whole text is
/// in the golden files; these say what each part must be, in both builds.)
@Suite("show says each thing once and plainly", hangGuard(minutes: 5))
struct ShowOutputTests {
    static let homeDepot = SampleLookupTests.homeDepot
    static let amazon = "a1b2c3d4-0006-4000-8000-000000000006"
    static let atlanta = "33.7490,-84.3880"
    /// Barnes & Noble: sold by CTX alone in every build.
    static let ctxOnly = "09a5df81-0f65-49f5-87b1-c3c9d75c25eb"

    /// Whether a provider compiled into this build is not offered in some countries (PiggyCards is not, in
    /// RU and CU): only then can a country change what `show` answers.
    static let someProviderIsBlockedSomewhere = GiftCardProvider.allCases.contains { !$0.info.blockedCountries.isEmpty }

    @Test("A zero discount reads `no discount` in show and in search's DISCOUNT column, never `-`")
    func zeroDiscount() async throws {
        let show = try await CLIProcess.run(["show", Self.amazon, "--offline"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("      discount: no discount [local]\n"), "\(show.stdout)")
        #expect(!show.stdout.contains("discount: -"), "\(show.stdout)")

        let search = try await CLIProcess.run(["search", "amazon"])
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        let row = try #require(lines.first { $0.hasPrefix("Amazon ") }, "\(search.stdout)")
        let column = try #require(header.range(of: "DISCOUNT")).lowerBound
        let offset = header.distance(from: header.startIndex, to: column)
        #expect(row.dropFirst(offset).hasPrefix("no discount  "), "the DISCOUNT cell: \(row)")

        // Merchants paid in Dash have no discount either.
        let dash = try await CLIProcess.run(["search", "--payment", "dash"])
        #expect(!dash.stdout.contains(" -  "), "\(dash.stdout)")
        #expect(dash.stdout.contains("no discount  yes"), "\(dash.stdout)")
    }

    @Test("Providers come under one line, no `*`: `provider:` for one, what the order means for several")
    func providerHeading() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("  *") }, "no unexplained star: \(result.stdout)")
        let offers = lines.filter { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }
        let headings = lines.filter { $0 == "  provider:" || $0.hasPrefix("  providers, ") }
        #expect(headings.count == 1, "\(result.stdout)")
        if offers.count == 1 {
            #expect(headings == ["  provider:"], "\(result.stdout)")
        } else {
            #expect(
                headings == ["  providers, best discount first (buy uses the first that can be bought now):"],
                "\(result.stdout)")
            // The heading's claim: the first has the best discount.
            let discounts = lines.filter { $0.hasPrefix("      discount: save ") }.map { line in
                Double(line.dropFirst("      discount: save ".count).prefix { $0 != "%" }) ?? -1
            }
            #expect(discounts == discounts.sorted(by: >) && discounts.count == offers.count, "\(result.stdout)")
        }
        #expect(offers.first?.contains("CTX (\(Self.homeDepot))") == true || offers.count > 1, "\(result.stdout)")

        // A merchant paid in Dash has no provider, and no heading.
        let dash = try await CLIProcess.run(["show", "9001", "--offline"])
        #expect(!dash.stdout.contains("provider"), "\(dash.stdout)")
    }

    @Test("--locations prints one locations section (the count and the places), with or without --near")
    func oneLocationsSection() async throws {
        let plain = try await CLIProcess.run(["show", Self.homeDepot, "--offline"])
        #expect(plain.stdout.components(separatedBy: "\n  locations").count == 2, "\(plain.stdout)")
        #expect(plain.stdout.contains("\n  locations: 3\n"), "\(plain.stdout)")

        for extra in [[], ["--near", Self.atlanta]] {
            let result = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--locations"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let sections = lines.indices.filter { lines[$0].hasPrefix("  locations") }
            try #require(sections.count == 1, "\(extra): \(result.stdout)")
            let section = sections[0]
            #expect(lines[section] == (extra.isEmpty ? "  locations: 3" : "  locations: 3, nearest first"), "\(result.stdout)")
            // The places follow it (each with its phone and directions lines), and end the output.
            let places = lines[(section + 1)...].filter { !$0.contains("phone: ") && !$0.contains("directions: ") }
            #expect(places.count == 3, "\(result.stdout)")
            #expect(lines[(section + 1)...].allSatisfy { $0.hasPrefix("    ") }, "\(result.stdout)")
        }

        let none = try await CLIProcess.run(["show", "Nike", "--offline", "--locations"])
        #expect(none.stdout.hasSuffix("\n  locations: none with coordinates\n"), "\(none.stdout)")
        #expect(none.stdout.components(separatedBy: "locations").count == 2, "\(none.stdout)")
    }

    @Test("The unknown-country note only where a country could hide a provider")
    func countryNote() async throws {
        let note = "country unknown: no provider is hidden"
        // Paid in Dash: no provider at all.
        let dash = try await CLIProcess.run(["show", "9001", "--offline"])
        #expect(dash.status == 0, "\(dash.stderr)")
        #expect(!dash.stdout.contains(note), "\(dash.stdout)")
        let dashJSON = try await CLIProcess.run(["show", "9001", "--offline", "--json"])
        #expect(try dashJSON.json()["countryNote"] == nil, "\(dashJSON.stdout)")
        #expect((try dashJSON.json()["country"] as? [String: Any])?["known"] as? Bool == false)

        // Home Depot is sold by every compiled-in provider of the sample: the note only when one of them is
        // not offered everywhere, and never once the country is known.
        let gift = try await CLIProcess.run(["show", Self.homeDepot, "--offline"])
        #expect(gift.stdout.contains(note) == Self.someProviderIsBlockedSomewhere, "\(gift.stdout)")
        let giftJSON = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--json"])
        #expect((try giftJSON.json()["countryNote"] as? String != nil) == Self.someProviderIsBlockedSomewhere)
        let known = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--country", "US"])
        #expect(!known.stdout.contains(note), "\(known.stdout)")

        // A merchant sold by CTX alone (offered everywhere): no note in either build.
        let ctxOnly = try await CLIProcess.run(["show", Self.ctxOnly, "--offline"])
        #expect(ctxOnly.stdout.hasPrefix("Barnes & Noble"), "\(ctxOnly.stdout)")
        #expect(!ctxOnly.stdout.contains(note), "\(ctxOnly.stdout)")
    }
}
