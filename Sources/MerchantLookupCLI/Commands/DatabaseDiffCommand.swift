import DashSpend

/// `merchant-lookup db diff OLD NEW`: what changed from one explore database file to another, as `sync` says it
/// after an import (``DashSpendClient/exploreDifference(from:to:)``).
enum DatabaseDiffCommand: CLICommand {
    static let words = ["db", "diff"]
    static let usage = "merchant-lookup db diff OLD_FILE NEW_FILE [--json]"
    static let summary = "what changed between two explore databases: merchants added and removed, discounts, offers on and off"
    static let options: [OptionSpec] = []
    static let maximumOperands = 2

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let files = invocation.operands(after: words.count)
        guard files.count == 2 else { throw .usage("db diff needs two explore database files: OLD_FILE NEW_FILE") }
        let client = try invocation.client()
        let difference = try await invocation.perform { () throws in
            try client.exploreDifference(from: files[0], to: files[1])
        }
        if invocation.json {
            return ExploreDifferenceOutput.json(difference)
                .adding([("old", .string(files[0])), ("new", .string(files[1]))]).serialized() + "\n"
        }
        let lines = [ExploreDifferenceOutput.summary(difference)] + ExploreDifferenceOutput.lines(difference)
        return lines.joined(separator: "\n") + "\n"
    }
}
