import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup sync [--from SOURCE]`: installs the explore data the wallets download (by default the
/// network's object in the wallets' storage bucket; or a `gs://` object, an https URL, or a file) into
/// `<state>/<network>/explore.db`, which later commands then use. `--check` only says whether an update exists.
enum SyncCommand: CLICommand {
    static let words = ["sync"]
    static let usage =
        "merchant-lookup sync [--from FILE|gs://BUCKET/OBJECT|URL] [--storage-url BASE] [--network mainnet|testnet] "
        + "[--force] [--strict] [--check] [--json]"
    static let summary = "fetch (or import) the wallets' explore data for later commands"
    static let options = [
        SyncOptions.source.spec, SyncOptions.storageURL.spec, SyncOptions.force.spec, SyncOptions.strict.spec,
        SyncOptions.check.spec,
    ]
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let network = invocation.network
        let source = invocation[SyncOptions.source] ?? .default(for: network)
        let client = try invocation.client()
        let force = invocation[SyncOptions.force]
        let strict = invocation[SyncOptions.strict]
        if invocation[SyncOptions.check] {
            if force { throw .usage("--check and --force do not go together") }
            return try await check(source, client: client, invocation: invocation)
        }
        let progress = SyncOutput.progressView(invocation)
        defer { progress.endLine() }
        let report = try await invocation.perform { () async throws in
            try await client.sync(source, force: force, strict: strict, progress: progress.handler)
        }
        SyncOutput.warn(report.warnings, invocation)
        if invocation.quiet, !invocation.json { return "" }
        let shown = source.description
        if report.updated {
            if invocation.json {
                return JSONDocument.object([
                    ("status", .string("imported")),
                    ("updated", .bool(true)),
                    ("network", .string(network.rawValue)),
                    ("path", .string(report.path)),
                    ("source", .string(shown)),
                    ("format", report.format.map(JSONDocument.string) ?? .null),
                    ("version", report.schemaVersion.map(JSONDocument.integer) ?? .null),
                    ("merchants", report.merchantIds.map(JSONDocument.integer) ?? .null),
                    ("merchantRows", report.merchantRows.map(JSONDocument.integer) ?? .null),
                    ("atms", report.atms.map(JSONDocument.integer) ?? .null),
                    ("dataTimestamp", report.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                    ("checksum", report.checksum.map(JSONDocument.string) ?? .null),
                    ("installedChecksum", report.installedChecksum.map(JSONDocument.string) ?? .null),
                    ("importedAt", report.importedAt.map(JSONDocument.string) ?? .null),
                    ("changes", report.changes.map(ExploreDifferenceOutput.json) ?? .null),
                ]).adding(SyncOutput.members(report)).serialized() + "\n"
            }
            return """
                imported \(shown) (\(report.format == "zip" ? "explore ZIP" : "SQLite file")) for \(network.rawValue)
                path:            \(report.path)
                schema version:  v\(report.schemaVersion ?? 0)
                merchants:       \(report.merchantIds ?? 0) merchantIds in \(report.merchantRows ?? 0) rows
                ATMs:            \(report.atms ?? 0)
                data timestamp:  \(timestampText(report.dataTimestamp))
                checksum:        \(report.checksum ?? "-") (CRC-32C of the source database\(SyncOutput.verification(report)))

                """ + SyncOutput.changes(report)
        }
        if invocation.json {
            return JSONDocument.object([
                ("status", .string("upToDate")),
                ("updated", .bool(false)),
                ("network", .string(network.rawValue)),
                ("path", .string(report.path)),
                ("source", .string(shown)),
                ("dataTimestamp", report.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                ("incomingTimestamp", report.incomingTimestamp.map { .integer(Int($0)) } ?? .null),
            ]).adding(SyncOutput.members(report)).serialized() + "\n"
        }
        let incoming = report.incomingTimestamp.map { " of \(timestampText($0))" } ?? " (unchanged)"
        return "already up to date: \(report.path) has data of \(timestampText(report.dataTimestamp)), "
            + "\(shown)\(incoming) (use --force to import it anyway)\n"
    }

    /// `--check`: exit 0 when up to date, 10 (``ExitCode/updateAvailable``) when newer data exists.
    private static func check(_ source: SyncSource, client: DashSpendClient, invocation: Invocation) async throws(CLIError)
        -> String
    {
        let result = try await invocation.perform { () async throws in
            try await client.checkForUpdate(source)
        }
        let output: String
        if invocation.json {
            output =
                JSONDocument.object([
                    ("status", .string(result.updateAvailable ? "updateAvailable" : "upToDate")),
                    ("network", .string(invocation.network.rawValue)),
                    ("source", .string(result.source)),
                    ("remoteTimestamp", result.remoteTimestamp.map { .integer(Int($0)) } ?? .null),
                    ("installedTimestamp", result.installedTimestamp.map { .integer(Int($0)) } ?? .null),
                ]).serialized() + "\n"
        } else if result.updateAvailable {
            let remote = result.remoteTimestamp.map { " of \(timestampText($0))" } ?? ""
            output = "update available: \(result.source)\(remote)\n"
        } else {
            output = "up to date: \(result.source) has nothing newer than \(timestampText(result.installedTimestamp))\n"
        }
        guard result.updateAvailable else { return output }
        throw CLIError(status: .updateAvailable, output: output)
    }

    /// `1700000000000 (2023-11-14T22:13:20Z)`, or `none (plain SQLite file)`.
    static func timestampText(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "none (plain SQLite file)" }
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return "\(milliseconds) (\(UTCTimestamp.extended(date)))"
    }
}
