import DashSpend

/// `merchant-lookup atms [QUERY]`: Dash ATMs from the same database.
enum ATMsCommand: CLICommand {
    static let words = ["atms"]
    static let usage =
        "merchant-lookup atms [QUERY] [--kind buy|sell|buy-and-sell] [--territory NAME] [--near LAT,LON [--radius KM]] "
        + "[--limit N] [--offset N]"
    static let summary = "Dash ATMs by name or manufacturer, what they do, territory, or near a point (nearest first)"
    /// `--territory NAME`: the same option as `search`'s, helped for ATMs.
    static let territory = SearchOptions.territory.helping("ATMs in this territory (see `territories`)")
    /// `--kind KIND`: what the ATM does with Dash.
    static let kind = Option(
        "--kind", "KIND", help: "buy (buy Dash there; buy-and-sell ATMs included), sell (likewise) or buy-and-sell",
        parser: .choice(ATMKind.allCases.map { ($0.rawValue, $0) }))
    static let options = [
        kind.spec, territory.spec, SharedOptions.near.spec, SharedOptions.radius.spec, SharedOptions.limit.spec,
        SharedOptions.offset.spec,
    ]
    static let maximumOperands = Int.max

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        var search = ATMSearch()
        let query = invocation.operands(after: words.count).joined(separator: " ")
        search.text = query.isEmpty ? nil : query
        search.near = invocation[SharedOptions.near]
        search.kind = invocation[kind]
        search.territory = invocation[territory]
        if let radius = invocation[SharedOptions.radius] {
            guard search.near != nil else { throw .usage("--radius needs --near LAT,LON") }
            search.radiusKm = radius
        }
        search.limit = invocation[SharedOptions.limit] ?? 100
        search.offset = invocation[SharedOptions.offset] ?? 0
        let client = try invocation.client()
        let atms = try await invocation.perform { () throws in try client.atms(search) }
        ProvenanceOutput.noteAboutData(client, invocation)
        if invocation.json {
            let items = atms.map { atm -> JSONDocument in
                var members = LocationsOutput.members(atm.location)
                members += [
                    ("manufacturer", atm.manufacturer.map(JSONDocument.string) ?? .null),
                    ("type", atm.type.map(JSONDocument.string) ?? .null),
                    ("kind", atm.kind.map { .string($0.rawValue) } ?? .null),
                    ("postcode", atm.postcode.map(JSONDocument.string) ?? .null),
                ]
                return .object(members)
            }
            return JSONDocument.object([
                ("atms", .array(items)), ("offset", .integer(search.offset)), ("limit", .integer(search.limit)),
            ]).serialized() + "\n"
        }
        guard !atms.isEmpty else { return "no ATMs found\n" }
        var header = ["NAME", "TYPE", "MAKER", "ADDRESS"]
        if search.near != nil { header.insert("DISTANCE", at: 1) }
        let rows = atms.map { atm -> [String] in
            var row = [atm.location.name, atm.type ?? "", atm.manufacturer ?? "", LocationsOutput.address(atm.location)]
            if search.near != nil { row.insert(atm.location.distanceKm.map(OutputFormat.distance) ?? "?", at: 1) }
            return row
        }
        return OutputFormat.table(header, rows)
    }
}
