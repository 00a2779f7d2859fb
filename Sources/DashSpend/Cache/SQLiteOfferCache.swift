import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An ``OfferCache`` in the project's own state database (`<state>/<network>/offers.sqlite`), never in
/// the explore database. One file per network, so mainnet and testnet answers never mix.
public final class SQLiteOfferCache: OfferCache {
    private let connection: SQLiteConnection

    /// The cache's schema, one named migration per change; a file written by a newer version (one that
    /// records a migration not listed here) is refused rather than misread.
    static let migrator = SQLiteMigrator([
        // `IF NOT EXISTS`: files from before the migrator already have the table, unrecorded.
        SQLiteMigration(
            "1-provider-answer",
            sql: """
                CREATE TABLE IF NOT EXISTS provider_answer (
                    provider TEXT NOT NULL, sourceId TEXT NOT NULL, fetchedAt REAL NOT NULL, body TEXT NOT NULL,
                    PRIMARY KEY (provider, sourceId));
                """)
    ])

    /// Opens (creating if needed) the cache file at `path` and brings its schema up to date.
    public init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try Self.migrator.migrate(connection)
    }

    /// The stored answer; nil when there is none or it cannot be read (never a crash).
    public func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        let body = try? connection.fetchOne(
            "SELECT body FROM provider_answer WHERE provider = ?1 AND sourceId = ?2",
            [.text(provider.id), .text(sourceId)]
        ) { $0.text("body") }
        guard let body = body ?? nil else { return nil }
        return try? JSONDecoder().decode(ProviderMerchantDetails.self, from: Data(body.utf8))
    }

    /// Stores the answer in a write transaction: it replaces the previous answer whole or not at all, and
    /// waits (up to the busy timeout) for another process writing the same file.
    public func save(_ details: ProviderMerchantDetails) throws {
        let body = String(decoding: try JSONEncoder().encode(details), as: UTF8.self)
        try connection.transaction { db in
            try db.execute(
                """
                INSERT INTO provider_answer (provider, sourceId, fetchedAt, body) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (provider, sourceId) DO UPDATE SET fetchedAt = excluded.fetchedAt, body = excluded.body
                """,
                [
                    .text(details.provider.id), .text(details.sourceId),
                    .real(details.fetchedAt.timeIntervalSince1970), .text(body),
                ])
        }
    }
}
