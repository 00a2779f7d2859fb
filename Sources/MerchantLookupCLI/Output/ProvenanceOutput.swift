import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the installed data came from and how old it is, as `db info` shows it, and the note the commands
/// that read the explore database print when it is stale or the built-in sample.
enum ProvenanceOutput {
    /// The `db info` lines (each ending with a newline); none when the database was not installed by `sync`.
    static func lines(_ provenance: DatabaseProvenance?, now: Date) -> String {
        guard let provenance else { return "" }
        let format = provenance.format == "zip" ? "explore ZIP" : "SQLite file"
        let imported = provenance.importedAt.map { ", fetched and imported \(timestamp($0))" } ?? ""
        let verification =
            switch provenance.checksumVerified {
            case true?: "verified against the archive's comment"
            case false?: "NOT the checksum the archive's comment states"
            case nil: "of the plain file"
            }
        return """
            synced from:     \(provenance.source) (\(format))\(imported)
            data from:       \(age(provenance, now: now) ?? "unknown (a plain SQLite file has no timestamp)")
            source checksum: \(provenance.checksum) (CRC-32C, \(verification))

            """
    }

    /// The `db info --json` member `sync`: null when the database was not installed by `sync`.
    static func json(_ provenance: DatabaseProvenance?, now: Date) -> JSONDocument {
        guard let provenance else { return .null }
        return .object([
            ("source", .string(provenance.source)),
            ("format", .string(provenance.format)),
            ("importedAt", provenance.importedAt.map { .string(timestamp($0)) } ?? .null),
            (
                "dataTimestamp",
                provenance.dataTimestamp.map { .integer(Int(($0.timeIntervalSince1970 * 1000).rounded())) } ?? .null
            ),
            ("dataAgeDays", provenance.dataAgeDays(now: now).map(JSONDocument.integer) ?? .null),
            ("stale", .bool(provenance.isStale(now: now))),
            ("checksum", .string(provenance.checksum)),
            ("checksumVerified", provenance.checksumVerified.map(JSONDocument.bool) ?? .null),
        ])
    }

    /// `2026-10-01, 53 days old`; nil without a data timestamp.
    static func age(_ provenance: DatabaseProvenance, now: Date) -> String? {
        guard let date = provenance.dataTimestamp, let days = provenance.dataAgeDays(now: now) else { return nil }
        return "\(day(date)), \(days == 1 ? "1 day" : "\(days) days") old"
    }

    /// On stderr, one line (not with `--json` or `--quiet`), after the command read the explore database:
    /// when it answered from the built-in sample (nothing synced, no `--db`), that the data is invented;
    /// when the installed data is stale, its age. Nothing for a file given with `--db`, whose age is unknown.
    static func noteAboutData(_ client: DashSpendClient, _ invocation: Invocation) {
        guard !invocation.json, !invocation.quiet else { return }
        if client.openedEmbeddedDatabase != nil {
            invocation.standardError.writeLine(sampleNote(invocation.network))
            return
        }
        noteIfStale(client, invocation)
    }

    /// What a command answering from the built-in sample says once on stderr.
    static func sampleNote(_ network: DashSpendNetwork) -> String {
        let option = network == .mainnet ? "" : " --network \(network.rawValue)"
        return "note: answering from the built-in sample (invented data); run `merchant-lookup sync\(option)` "
            + "for the real merchants"
    }

    /// The stale-data half of ``noteAboutData(_:_:)``.
    private static func noteIfStale(_ client: DashSpendClient, _ invocation: Invocation) {
        guard let provenance = client.databaseProvenance() else { return }
        let now = client.configuration.now()
        guard provenance.isStale(now: now), let age = age(provenance, now: now) else { return }
        let network = invocation.network == .mainnet ? "" : " --network \(invocation.network.rawValue)"
        invocation.standardError.writeLine(
            "note: the explore data is from \(age); update it with `merchant-lookup sync\(network)`")
    }

    /// `2026-10-01T12:00:00Z`.
    static func timestamp(_ date: Date) -> String { UTCTimestamp.extended(date) }

    /// `2026-10-01` (UTC).
    static func day(_ date: Date) -> String { String(timestamp(date).prefix(10)) }
}
