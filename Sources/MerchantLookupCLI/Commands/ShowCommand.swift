import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup show MERCHANT_ID`: the merchant with every offer resolved, and where each value came from.
/// Several merchants (`show ID_OR_NAME...`, `show --stdin`) are a batch (``ShowBatch``).
enum ShowCommand: CLICommand {
    static let words = ["show"]
    static let usage =
        "merchant-lookup show MERCHANT_ID|NAME... | --stdin [--max-age SECONDS | --refresh | --live | --offline] "
        + "[--explain] [--locations] [--near LAT,LON]"
    static let summary = "merchants, their offers resolved (live → cached → local → default)"
    static let options =
        FetchPolicyOptions.all + [
            ShowOptions.explain.spec, ShowOptions.locations.spec, SharedOptions.near.spec, ShowOptions.standardInput.spec,
        ]
    static let maximumOperands = Int.max

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let inputs = try ShowBatch.Inputs(invocation, operands: invocation.operands(after: words.count))
        // --near lists the places nearest first: it implies --locations.
        let near = invocation[SharedOptions.near]
        let withLocations = invocation[ShowOptions.locations] || near != nil
        let policy = try FetchPolicyOptions.policy(invocation)
        let client = try invocation.client()
        guard case .single(let wanted) = inputs else {
            return try await ShowBatch.run(inputs, invocation: invocation, client: client, policy: policy, near: near)
        }
        let (merchant, locations) = try await invocation.perform {
            () async throws -> (ResolvedMerchant, [MerchantLocation]?) in
            let merchant = try await client.merchant(wanted, policy: policy)
            guard withLocations else { return (merchant, nil) }
            return (merchant, try client.locations(merchantId: merchant.merchant.merchantId, near: near))
        }
        ProvenanceOutput.noteAboutData(client, invocation)
        let notes = [client.stateDatabaseRecovery?.description].compactMap { $0 }
        if invocation.json { notes.forEach(invocation.notesInOutput.add) }
        return rendered(
            merchant, locations: locations, json: invocation.json, explain: invocation[ShowOptions.explain],
            notes: notes)
    }

    /// One merchant's output: its JSON object on one line, or its text block.
    static func rendered(
        _ merchant: ResolvedMerchant, locations: [MerchantLocation]?, json: Bool, explain: Bool, notes: [String] = []
    ) -> String {
        json
            ? self.json(merchant, locations: locations, explain: explain, notes: notes)
            : text(merchant, locations: locations, explain: explain)
    }

    /// The merchant as one JSON document (one line).
    static func json(
        _ resolved: ResolvedMerchant, locations: [MerchantLocation]?, explain: Bool = false, notes: [String] = []
    ) -> String {
        let merchant = resolved.merchant
        func members<T>(_ value: JSONDocument, _ field: Resolved<T>) -> [(String, JSONDocument)] {
            resolvedMembers(value, field, of: resolved)
        }
        let offers = resolved.offers.map { offer -> JSONDocument in
            let denominations = offer.denominations.value
            var denominationMembers = members(
                .object([
                    ("type", .string(denominations.type.rawValue)),
                    ("values", .array(denominations.values.map { .decimal($0) })),
                    ("min", denominations.minimum.map { .decimal($0) } ?? .null),
                    ("max", denominations.maximum.map { .decimal($0) } ?? .null),
                ]), offer.denominations)
            denominationMembers.append(("typeSource", .string(offer.denominationsTypeSource.rawValue)))
            var offerMembers: [(String, JSONDocument)] = [
                ("provider", .string(offer.provider.displayName)),
                ("sourceId", .string(offer.sourceId)),
                ("enabled", .object(members(.bool(offer.enabled.value), offer.enabled))),
                (
                    "discountBasisPoints",
                    .object(members(.integer(offer.discountBasisPoints.value), offer.discountBasisPoints))
                ),
                ("denominations", .object(denominationMembers)),
            ]
            if let error = offer.liveError { offerMembers.append(("liveError", .string(error.description))) }
            return .object(offerMembers)
        }
        var document: [(String, JSONDocument)] = [
            ("merchantId", .string(merchant.merchantId)),
            ("name", .string(merchant.name)),
            ("type", .string(merchant.type.rawValue)),
            ("paymentMethod", .string(merchant.paymentMethod.rawValue)),
            ("enabled", .object(members(.bool(resolved.enabled.value), resolved.enabled))),
            ("providers", .array(offers)),
            ("website", merchant.website.map(JSONDocument.string) ?? .null),
            ("phone", merchant.phone.map(JSONDocument.string) ?? .null),
            ("googleMaps", merchant.googleMaps.map(JSONDocument.string) ?? .null),
            ("logoLocation", merchant.logoLocation.map(JSONDocument.string) ?? .null),
            ("locationCount", .integer(merchant.locationCount)),
            (
                "country",
                .object([
                    ("code", resolved.country.map(JSONDocument.string) ?? .null),
                    ("known", .bool(resolved.country != nil)),
                ])
            ),
        ]
        if resolved.countryCouldHideOffers { document.append(("countryNote", .string(unknownCountry))) }
        if !resolved.offers.isEmpty {
            document.append(("cardCountries", .array(resolved.cardCountries.map(JSONDocument.string))))
            document.append(("cardsWorkInCountry", resolved.cardsWorkInCountry.map(JSONDocument.bool) ?? .null))
        }
        if let locations {
            document.append(("locations", .array(locations.map { .object(LocationsOutput.members($0)) })))
        }
        if explain {
            let explanation = resolved.explanation
            document.append(
                ("explain", .array(explanation.map { ExplanationOutput.json($0, in: explanation, of: resolved) })))
        }
        if !notes.isEmpty { document.append(("notes", .array(notes.map(JSONDocument.string)))) }
        return JSONDocument.object(document).serialized() + "\n"
    }

    /// `value` and `source`, plus `fetchedAt` (ISO 8601) and `ageSeconds` for live and stored values.
    static func resolvedMembers<T>(_ value: JSONDocument, _ field: Resolved<T>, of merchant: ResolvedMerchant)
        -> [(String, JSONDocument)]
    {
        var members: [(String, JSONDocument)] = [("value", value), ("source", .string(field.source.rawValue))]
        if let fetchedAt = field.fetchedAt {
            members.append(("fetchedAt", .string(UTCTimestamp.extended(fetchedAt))))
            members.append(("ageSeconds", .integer(Int(merchant.age(of: fetchedAt).rounded(.down)))))
        }
        return members
    }

    /// What `show` says when the country is unknown and knowing it could hide an offer
    /// (`ResolvedMerchant.countryCouldHideOffers`).
    static let unknownCountry =
        "country unknown: no provider is hidden, as the apps do (set --country or $DASHSPEND_COUNTRY)"

    /// `[live]`, `[cached 12 min ago]`, `[local]`, `[default]`.
    static func tag<T>(_ field: Resolved<T>, of merchant: ResolvedMerchant) -> String {
        guard field.source == .cached, let fetchedAt = field.fetchedAt else { return "[\(field.source.rawValue)]" }
        return "[cached \(OutputFormat.age(merchant.age(of: fetchedAt))) ago]"
    }

    /// The merchant as text, with `explain` every field's chain after each offer. The offers come under a
    /// line that says, when there are several, what their order means; with `locations` the places are
    /// listed in one section at the end, else their number is a line of the merchant's.
    static func text(_ resolved: ResolvedMerchant, locations: [MerchantLocation]?, explain: Bool = false) -> String {
        let merchant = resolved.merchant
        var lines = [
            "\(merchant.name) (\(merchant.merchantId))",
            "  type: \(merchant.type.rawValue), pays with: \(merchant.paymentMethod == .dash ? "Dash" : "gift card")",
            "  enabled: \(resolved.enabled.value ? "yes" : "no") \(tag(resolved.enabled, of: resolved))",
        ]
        if let website = merchant.website { lines.append("  website: \(website)") }
        if let phone = merchant.phone { lines.append("  phone: \(phone)") }
        if let directions = merchant.googleMaps { lines.append("  directions: \(directions)") }
        if let logo = merchant.logoLocation { lines.append("  logo: \(logo)") }
        if locations == nil, merchant.locationCount > 0 { lines.append("  locations: \(merchant.locationCount)") }
        if resolved.countryCouldHideOffers { lines.append("  \(unknownCountry)") }
        if !resolved.offers.isEmpty {
            let countries = CardCountryOutput.text(
                resolved.cardCountries, worksInCountry: resolved.cardsWorkInCountry, country: resolved.country)
            lines.append("  cards work in: \(countries)")
        }
        if !resolved.offers.isEmpty { lines.append(resolved.offers.count == 1 ? "  provider:" : "  \(ranking)") }
        for offer in resolved.offers {
            lines.append("    \(offer.provider.displayName) (\(offer.sourceId))")
            lines += offerLines(offer, of: resolved)
        }
        if explain {
            lines.append("  explain:")
            let explanation = resolved.explanation
            for field in explanation { lines += ExplanationOutput.lines(field, in: explanation, of: resolved) }
        }
        if let locations { lines += locationLines(locations) }
        // One line each: a newline in a name or an address from the database is escaped, not a forged line.
        return lines.map { TerminalText.sanitized($0, keepingNewlines: false) }.joined(separator: "\n") + "\n"
    }

    /// The line above several offers: they are ranked by discount, highest first (the library's rule, ties
    /// included; the merchant's `enabled` is the first one's), and `buy` without `--provider` takes the
    /// first one it can buy now.
    static let ranking = "providers, best discount first (buy uses the first that can be bought now):"

    /// An offer's lines under its provider: enabled, discount and denominations with their sources, and why
    /// the values are not live when a provider was asked and did not answer.
    static func offerLines(_ offer: ResolvedOffer, of resolved: ResolvedMerchant) -> [String] {
        let denominations = offer.denominations.value
        let amounts: String
        switch denominations.type {
        case .fixed:
            amounts =
                denominations.values.isEmpty
                ? "fixed (values unknown)"
                : "fixed: " + denominations.values.map(OutputFormat.amount).joined(separator: ", ")
        case .flexible:
            amounts =
                "any amount from \(denominations.minimum.map(OutputFormat.amount) ?? "?") to \(denominations.maximum.map(OutputFormat.amount) ?? "?")"
        }
        var lines = [
            "      enabled: \(offer.enabled.value ? "yes" : "no") \(tag(offer.enabled, of: resolved))",
            "      discount: \(OutputFormat.discount(offer.discountBasisPoints.value)) \(tag(offer.discountBasisPoints, of: resolved))",
            "      denominations: \(amounts) \(tag(offer.denominations, of: resolved))",
        ]
        if let error = offer.liveError, case .signInRequired = error {
            lines.append("      (not signed in: values are not live)")
        } else if let error = offer.liveError {
            lines.append("      (live answer unavailable: \(error.description))")
        }
        return lines
    }

    /// The one locations section of `show --locations`: how many places, then each (with its distance when
    /// `--near` gave a point, nearest first), its phone and directions link on lines of their own under its
    /// address.
    static func locationLines(_ locations: [MerchantLocation]) -> [String] {
        guard !locations.isEmpty else { return ["  locations: none with coordinates"] }
        let distances = locations.map { $0.distanceKm.map(OutputFormat.distance) }
        let nearest = distances.contains { $0 != nil } ? ", nearest first" : ""
        let width = distances.map { $0?.count ?? 0 }.max() ?? 0
        let under = String(repeating: " ", count: 4 + (width > 0 ? width + 2 : 0))
        return ["  locations: \(locations.count)\(nearest)"]
            + zip(locations, distances).flatMap { location, distance in
                let column = distance.map { String(repeating: " ", count: width - $0.count) + $0 + "  " } ?? ""
                var lines = ["    \(column)\(LocationsOutput.address(location))"]
                if let phone = location.phone { lines.append(under + "phone: " + phone) }
                if let directions = location.googleMaps { lines.append(under + "directions: " + directions) }
                return lines
            }
    }
}
