import DashSpendExplore

/// `merchant-lookup atms [QUERY]`: Dash ATMs from the same database.
enum ATMsCommand: CLICommand {
    static let words = ["atms"]
    static let usage = "merchant-lookup atms [QUERY] [--near LAT,LON [--radius KM]] [--limit N] [--offset N]"
    static let summary = "Dash ATMs by name or manufacturer, or near a point"
    static let valueOptions: Set<String> = ["--near", "--radius", "--limit", "--offset"]
    static let flagOptions: Set<String> = []
    static let maximumOperands = Int.max

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let arguments = invocation.arguments
        var search = ATMSearch()
        let query = invocation.operands(after: words.count).joined(separator: " ")
        search.text = query.isEmpty ? nil : query
        search.near = try SearchCommand.point(invocation)
        if let radius = try arguments.number("--radius", in: 0...20_000) {
            guard search.near != nil else { throw .usage("--radius needs --near LAT,LON") }
            search.radiusKm = radius
        }
        search.limit = try arguments.integer("--limit", in: 1...10_000) ?? 100
        search.offset = try arguments.integer("--offset", in: 0...Int(Int32.max)) ?? 0
        let database = try DatabaseLocator.open(invocation)
        let atms: [ATMRecord]
        do {
            atms = try database.atms(search)
        } catch {
            throw CLIError(error)
        }
        if invocation.json {
            let items = atms.map { atm -> JSONDocument in
                var members = LocationsOutput.members(atm.location)
                members += [
                    ("manufacturer", atm.manufacturer.map(JSONDocument.string) ?? .null),
                    ("type", atm.type.map(JSONDocument.string) ?? .null),
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
