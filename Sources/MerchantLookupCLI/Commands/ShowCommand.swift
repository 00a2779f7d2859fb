import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup show MERCHANT_ID`: the merchant with every offer resolved, and where each value came from.
enum ShowCommand: CLICommand {
    static let words = ["show"]
    static let usage = "merchant-lookup show MERCHANT_ID|NAME [--live | --offline] [--locations [--near LAT,LON]]"
    static let summary = "one merchant, its offers resolved (live → cached → local → default)"
    static let options: [OptionSpec] = [
        .flag("--live", help: "providers must answer live (a signed-in provider that cannot is an error)"),
        .flag("--locations", help: "also list the merchant's locations"),
        SharedOptions.near,
    ]
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        guard let wanted = invocation.operands(after: words.count).first, !wanted.isEmpty else {
            throw .usage("show needs a MERCHANT_ID or a name")
        }
        let near = try SearchCommand.point(invocation)
        if near != nil, !invocation.arguments.flag("--locations") {
            throw .usage("--near with show orders --locations: add --locations")
        }
        if invocation.offline, invocation.arguments.flag("--live") {
            throw .usage("--live and --offline cannot be used together")
        }
        let policy: FetchPolicy =
            invocation.offline
            ? .cacheOnly
            : invocation.arguments.flag("--live") ? .networkOnly : .networkFirst
        let client = try invocation.client()
        let (merchant, locations) = try await invocation.perform {
            () async throws(DashSpendFailure) -> (ResolvedMerchant, [MerchantLocation]?) in
            let merchant = try await client.merchant(wanted, policy: policy)
            guard invocation.arguments.flag("--locations") else { return (merchant, nil) }
            return (merchant, try client.locations(merchantId: merchant.merchant.merchantId, near: near))
        }
        ProvenanceOutput.noteIfStale(client, invocation)
        return invocation.json ? json(merchant, locations: locations) : text(merchant, locations: locations)
    }

    static func json(_ resolved: ResolvedMerchant, locations: [MerchantLocation]?) -> String {
        let merchant = resolved.merchant
        let offers = resolved.offers.map { offer -> JSONDocument in
            let denominations = offer.denominations.value
            var denominationMembers = resolvedMembers(
                .object([
                    ("type", .string(denominations.type.rawValue)),
                    ("values", .array(denominations.values.map { .decimal($0) })),
                    ("min", denominations.minimum.map { .decimal($0) } ?? .null),
                    ("max", denominations.maximum.map { .decimal($0) } ?? .null),
                ]), offer.denominations)
            denominationMembers.append(("typeSource", .string(offer.denominationsTypeSource.rawValue)))
            var members: [(String, JSONDocument)] = [
                ("provider", .string(offer.provider.displayName)),
                ("sourceId", .string(offer.sourceId)),
                ("enabled", .object(resolvedMembers(.bool(offer.enabled.value), offer.enabled))),
                (
                    "discountBasisPoints",
                    .object(resolvedMembers(.integer(offer.discountBasisPoints.value), offer.discountBasisPoints))
                ),
                ("denominations", .object(denominationMembers)),
            ]
            if let error = offer.liveError { members.append(("liveError", .string(error.description))) }
            return .object(members)
        }
        var members: [(String, JSONDocument)] = [
            ("merchantId", .string(merchant.merchantId)),
            ("name", .string(merchant.name)),
            ("type", .string(merchant.type.rawValue)),
            ("paymentMethod", .string(merchant.paymentMethod.rawValue)),
            ("enabled", .object(resolvedMembers(.bool(resolved.enabled.value), resolved.enabled))),
            ("providers", .array(offers)),
            ("website", merchant.website.map(JSONDocument.string) ?? .null),
            ("locationCount", .integer(merchant.locationCount)),
        ]
        if let locations {
            members.append(("locations", .array(locations.map { .object(LocationsOutput.members($0)) })))
        }
        return JSONDocument.object(members).serialized() + "\n"
    }

    /// `value` and `source`, plus `fetchedAt` for live and cached values.
    static func resolvedMembers<T>(_ value: JSONDocument, _ resolved: Resolved<T>) -> [(String, JSONDocument)] {
        var members: [(String, JSONDocument)] = [("value", value), ("source", .string(resolved.source.rawValue))]
        if let fetchedAt = resolved.fetchedAt {
            members.append(("fetchedAt", .string(fetchedAt.formatted(.iso8601))))
        }
        return members
    }

    static func text(_ resolved: ResolvedMerchant, locations: [MerchantLocation]?) -> String {
        let merchant = resolved.merchant
        var lines = [
            "\(merchant.name) (\(merchant.merchantId))",
            "  type: \(merchant.type.rawValue), pays with: \(merchant.paymentMethod == .dash ? "Dash" : "gift card")",
            "  enabled: \(resolved.enabled.value ? "yes" : "no") [\(resolved.enabled.source.rawValue)]",
        ]
        if let website = merchant.website { lines.append("  website: \(website)") }
        if merchant.locationCount > 0 { lines.append("  locations: \(merchant.locationCount)") }
        for (rank, offer) in resolved.offers.enumerated() {
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
            lines.append("  \(rank == 0 ? "*" : " ") \(offer.provider.displayName) (\(offer.sourceId))")
            lines.append("      enabled: \(offer.enabled.value ? "yes" : "no") [\(offer.enabled.source.rawValue)]")
            lines.append(
                "      discount: \(OutputFormat.discount(offer.discountBasisPoints.value)) [\(offer.discountBasisPoints.source.rawValue)]"
            )
            lines.append("      denominations: \(amounts) [\(offer.denominations.source.rawValue)]")
            if let error = offer.liveError, case .signInRequired = error {
                lines.append("      (not signed in: values are not live)")
            } else if let error = offer.liveError {
                lines.append("      (live answer unavailable: \(error.description))")
            }
        }
        if let locations {
            lines.append(locations.isEmpty ? "  no locations with coordinates" : "  locations:")
            let distances = locations.map { $0.distanceKm.map(OutputFormat.distance) }
            let width = distances.map { $0?.count ?? 0 }.max() ?? 0
            for (location, distance) in zip(locations, distances) {
                let column = distance.map { String(repeating: " ", count: width - $0.count) + $0 + "  " } ?? ""
                lines.append("    \(column)\(LocationsOutput.address(location))")
            }
        }
        // One line each: a newline in a name or an address from the database is escaped, not a forged line.
        return lines.map { TerminalText.sanitized($0, keepingNewlines: false) }.joined(separator: "\n") + "\n"
    }
}
