import DashSpend

/// `merchant-lookup db info`: which database is used and what it contains.
enum DatabaseInfoCommand: CLICommand {
    static let words = ["db", "info"]
    static let usage = "merchant-lookup db info [--db PATH] [--json]"
    static let summary = "the database in use: path, version, counts, rows skipped, where and when it was synced from"
    static let options: [OptionSpec] = []
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let client = try invocation.client()
        let info = try await invocation.perform { () throws in try client.databaseInfo() }
        ProvenanceOutput.noteAboutData(client, invocation)
        let providers = info.providerRows.sorted { $0.key < $1.key }
        let provenance = client.databaseProvenance()
        let now = client.configuration.now()
        if invocation.json {
            return JSONDocument.object([
                ("path", .string(info.origin)),
                ("version", .integer(info.version)),
                ("userVersion", .integer(info.userVersion)),
                ("identityHash", info.identityHash.map(JSONDocument.string) ?? .null),
                ("merchantRows", .integer(info.merchantRows)),
                ("merchantIds", .integer(info.merchantIds)),
                ("providerRows", .object(providers.map { ($0.key, .integer($0.value)) })),
                ("atms", .integer(info.atms)),
                ("skippedMerchantRows", .integer(info.skippedMerchantRows)),
                ("ignoredProviderRows", .integer(info.ignoredProviderRows)),
                ("searchIndex", .bool(info.hasSearchIndex)),
                ("sync", ProvenanceOutput.json(provenance, now: now)),
            ]).serialized() + "\n"
        }
        let providerText =
            providers.isEmpty
            ? "none (schema before v4)"
            : providers.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            path:            \(info.origin)
            schema version:  v\(info.version) (user_version \(info.userVersion)\(info.identityHash.map { ", identity \($0)" } ?? ""))
            merchants:       \(info.merchantIds) merchantIds in \(info.merchantRows) rows
            provider rows:   \(providerText)
            ATMs:            \(info.atms)
            skipped rows:    \(info.skippedMerchantRows) merchant rows without a merchantId
            ignored rows:    \(info.ignoredProviderRows) provider rows for providers this build does not include
            name search:     \(info.hasSearchIndex ? "FTS4 (merchant_fts)" : "LIKE (no merchant_fts)")

            """ + ProvenanceOutput.lines(provenance, now: now)
    }
}
