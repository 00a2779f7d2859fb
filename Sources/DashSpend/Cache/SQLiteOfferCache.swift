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

    /// Opens (creating if needed) the cache file at `path`.
    public init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(
            """
            PRAGMA busy_timeout = 2000;
            CREATE TABLE IF NOT EXISTS provider_answer (
                provider TEXT NOT NULL, sourceId TEXT NOT NULL, fetchedAt REAL NOT NULL, body TEXT NOT NULL,
                PRIMARY KEY (provider, sourceId));
            """)
    }

    /// The stored answer; nil when there is none or it cannot be read (never a crash).
    public func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? {
        let body = try? connection.read { db in
            try db.first(
                "SELECT body FROM provider_answer WHERE provider = ?1 AND sourceId = ?2",
                [.text(provider.id), .text(sourceId)]
            ) { $0.text("body") } ?? nil
        }
        guard let body = body ?? nil else { return nil }
        return try? JSONDecoder().decode(ProviderMerchantDetails.self, from: Data(body.utf8))
    }

    /// Stores the answer in one statement (SQLite makes it atomic).
    public func save(_ details: ProviderMerchantDetails) throws {
        let body = String(decoding: try JSONEncoder().encode(details), as: UTF8.self)
        try connection.read { db in
            try db.forEach(
                """
                INSERT INTO provider_answer (provider, sourceId, fetchedAt, body) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (provider, sourceId) DO UPDATE SET fetchedAt = excluded.fetchedAt, body = excluded.body
                """,
                [
                    .text(details.provider.id), .text(details.sourceId),
                    .real(details.fetchedAt.timeIntervalSince1970), .text(body),
                ]
            ) { _ in }
        }
    }
}
