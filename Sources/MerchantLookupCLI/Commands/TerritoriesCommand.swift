import DashSpend

/// `merchant-lookup territories`: the territories (US states) named in the database.
enum TerritoriesCommand: CLICommand {
    static let words = ["territories"]
    static let usage = "merchant-lookup territories [--json]"
    static let summary = "the territories with merchant locations, for --territory"
    static let options: [OptionSpec] = []
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let client = try invocation.client()
        let territories = try await invocation.perform { () throws in try client.territories() }
        ProvenanceOutput.noteAboutData(client, invocation)
        if invocation.json {
            let items = territories.map {
                JSONDocument.object([("name", .string($0.name)), ("merchants", .integer($0.merchantCount))])
            }
            return JSONDocument.object([("territories", .array(items))]).serialized() + "\n"
        }
        guard !territories.isEmpty else { return "no territories\n" }
        return OutputFormat.table(["TERRITORY", "MERCHANTS"], territories.map { [$0.name, String($0.merchantCount)] })
    }
}
