import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup sync --from FILE`: imports the explore ZIP the wallets download (or a plain explore
/// database file) into `<state>/<network>/explore.db`, which later commands then use.
enum SyncCommand: CLICommand {
    static let words = ["sync"]
    static let usage = "merchant-lookup sync --from FILE [--network mainnet|testnet] [--force] [--strict] [--json]"
    static let summary = "import the wallets' explore ZIP (or an explore database file) for later commands"
    static let options: [OptionSpec] = [
        .value("--from", "FILE", help: "the downloaded explore ZIP, or an explore database file"),
        .flag("--force", help: "import even when the installed data is as new"),
        .flag("--strict", help: "refuse a ZIP whose CRC-32C differs from the checksum its comment states"),
    ]
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        guard let source = invocation.arguments.value("--from") else {
            throw .usage("sync needs --from FILE (the downloaded explore ZIP or an explore database file)")
        }
        let network = invocation.network
        let client = try invocation.client()
        let force = invocation.arguments.flag("--force")
        let strict = invocation.arguments.flag("--strict")
        let progress = SyncOutput.progressView(invocation)
        defer { progress.endLine() }
        let report = try await invocation.perform { () throws(DashSpendFailure) in
            try client.sync(from: source, force: force, strict: strict, progress: progress.handler)
        }
        SyncOutput.warn(report.warnings, invocation)
        if invocation.quiet, !invocation.json { return "" }
        if report.updated {
            if invocation.json {
                return JSONDocument.object([
                    ("status", .string("imported")),
                    ("network", .string(network.rawValue)),
                    ("path", .string(report.path)),
                    ("source", .string(source)),
                    ("format", report.format.map(JSONDocument.string) ?? .null),
                    ("version", report.schemaVersion.map(JSONDocument.integer) ?? .null),
                    ("merchants", report.merchantIds.map(JSONDocument.integer) ?? .null),
                    ("merchantRows", report.merchantRows.map(JSONDocument.integer) ?? .null),
                    ("atms", report.atms.map(JSONDocument.integer) ?? .null),
                    ("dataTimestamp", report.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                    ("checksum", report.checksum.map(JSONDocument.string) ?? .null),
                    ("installedChecksum", report.installedChecksum.map(JSONDocument.string) ?? .null),
                    ("importedAt", report.importedAt.map(JSONDocument.string) ?? .null),
                ]).adding(SyncOutput.members(report)).serialized() + "\n"
            }
            return """
                imported \(source) (\(report.format == "zip" ? "explore ZIP" : "SQLite file")) for \(network.rawValue)
                path:            \(report.path)
                schema version:  v\(report.schemaVersion ?? 0)
                merchants:       \(report.merchantIds ?? 0) merchantIds in \(report.merchantRows ?? 0) rows
                ATMs:            \(report.atms ?? 0)
                data timestamp:  \(timestampText(report.dataTimestamp))
                checksum:        \(report.checksum ?? "-") (CRC-32C of the source database\(SyncOutput.verification(report)))

                """
        }
        if invocation.json {
            return JSONDocument.object([
                ("status", .string("upToDate")),
                ("network", .string(network.rawValue)),
                ("path", .string(report.path)),
                ("source", .string(source)),
                ("dataTimestamp", report.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                ("incomingTimestamp", report.incomingTimestamp.map { .integer(Int($0)) } ?? .null),
            ]).adding(SyncOutput.members(report)).serialized() + "\n"
        }
        return "already up to date: \(report.path) has data of \(timestampText(report.dataTimestamp)), "
            + "\(source) of \(timestampText(report.incomingTimestamp)) (use --force to import it anyway)\n"
    }

    /// `1700000000000 (2023-11-14T22:13:20Z)`, or `none (plain SQLite file)`.
    static func timestampText(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "none (plain SQLite file)" }
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return "\(milliseconds) (\(date.formatted(Date.ISO8601FormatStyle())))"
    }
}
