import DashSpendExplore
import DashSpendSync

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `merchant-lookup sync --from FILE`: imports the explore ZIP the wallets download (or a plain explore
/// database file) into `<state>/<network>/explore.db`, which later commands then use.
enum SyncCommand: CLICommand {
    static let words = ["sync"]
    static let usage = "merchant-lookup sync --from FILE [--network mainnet|testnet] [--force] [--json]"
    static let summary = "import the wallets' explore ZIP (or an explore database file) for later commands"
    static let valueOptions: Set<String> = ["--from"]
    static let flagOptions: Set<String> = ["--force"]
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        guard let source = invocation.arguments.value("--from") else {
            throw .usage("sync needs --from FILE (the downloaded explore ZIP or an explore database file)")
        }
        let network = try invocation.network()
        let importer = ExploreImporter(directory: invocation.stateDirectory + "/" + network.rawValue)
        let outcome: ExploreImportOutcome
        do {
            outcome = try importer.importFile(at: source, force: invocation.arguments.flag("--force"))
        } catch {
            // Only an error thrown before the new file was moved into place may say the old one was kept.
            let kept =
                error.keptDatabase && access(importer.databasePath, F_OK) == 0
                ? "; kept \(importer.databasePath) as it was" : ""
            switch error {
            case .sourceMissing: throw CLIError(error.description, code: .noInput)
            case .cannotWrite, .unsafeDirectory, .metadataNotWritten:
                throw CLIError(error.description + kept, code: .cannotCreate)
            default: throw CLIError(error.description + kept, code: .dataError)
            }
        }
        switch outcome {
        case .imported(let path, let info, let metadata):
            if invocation.json {
                return JSONDocument.object([
                    ("status", .string("imported")),
                    ("network", .string(network.rawValue)),
                    ("path", .string(path)),
                    ("source", .string(source)),
                    ("format", .string(metadata.format)),
                    ("version", .integer(info.version)),
                    ("merchants", .integer(info.merchantIds)),
                    ("merchantRows", .integer(info.merchantRows)),
                    ("atms", .integer(info.atms)),
                    ("dataTimestamp", metadata.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                    ("checksum", .string(metadata.checksum)),
                    ("installedChecksum", metadata.installedChecksum.map { .string($0) } ?? .null),
                    ("importedAt", .string(metadata.importedAt)),
                ]).serialized() + "\n"
            }
            return """
                imported \(source) (\(metadata.format == "zip" ? "explore ZIP" : "SQLite file")) for \(network.rawValue)
                path:            \(path)
                schema version:  v\(info.version)
                merchants:       \(info.merchantIds) merchantIds in \(info.merchantRows) rows
                ATMs:            \(info.atms)
                data timestamp:  \(timestampText(metadata.dataTimestamp))
                checksum:        \(metadata.checksum) (CRC-32C of the source database, verified)

                """
        case .upToDate(let path, let stored, let incoming):
            if invocation.json {
                return JSONDocument.object([
                    ("status", .string("upToDate")),
                    ("network", .string(network.rawValue)),
                    ("path", .string(path)),
                    ("source", .string(source)),
                    ("dataTimestamp", stored.dataTimestamp.map { .integer(Int($0)) } ?? .null),
                    ("incomingTimestamp", .integer(Int(incoming))),
                ]).serialized() + "\n"
            }
            return "already up to date: \(path) has data of \(timestampText(stored.dataTimestamp)), "
                + "\(source) of \(timestampText(incoming)) (use --force to import it anyway)\n"
        }
    }

    /// `1700000000000 (2023-11-14T22:13:20Z)`, or `none (plain SQLite file)`.
    static func timestampText(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "none (plain SQLite file)" }
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return "\(milliseconds) (\(date.formatted(Date.ISO8601FormatStyle())))"
    }
}
