import DashSpendCore
public import DashSpendSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// Opens (creating if needed) the cache file at `path` and brings its schema up to date. The file is
    /// private (mode 0600, whatever the umask, tightened when an older version left it 0644), and so are the
    /// `-journal` and `-wal` files SQLite creates next to it, since SQLite gives them the mode of the
    /// database. Something other than a regular file at `path` (a FIFO, a device) is refused instead of
    /// blocking the open.
    public init(path: String) throws(SQLiteError) {
        try Self.preparePrivateFile(path)
        connection = try SQLiteConnection(path: path, mode: .readWrite)
        try Self.migrator.migrate(connection)
    }

    /// The stored answer; nil when there is none. A failed read or an entry that is not an answer is
    /// thrown (never a crash, never a change to the file). Each field is checked again as a live answer is
    /// (`OfferPlausibility`): an edited or damaged store cannot show an absurd value.
    public func load(_ provider: GiftCardProvider, sourceId: String) throws -> ProviderMerchantDetails? {
        let body = try connection.fetchOne(
            "SELECT body FROM provider_answer WHERE provider = ?1 AND sourceId = ?2",
            [.text(provider.id), .text(sourceId)]
        ) { $0.text("body") }
        guard let body = body ?? nil else { return nil }
        let stored: ProviderMerchantDetails
        do {
            stored = try JSONDecoder().decode(ProviderMerchantDetails.self, from: Data(body.utf8))
        } catch {
            // SQLITE_CORRUPT: the row is there but is not what this store writes.
            throw SQLiteError(
                code: 11, message: "the stored answer of \(provider.displayName) about \(sourceId) is not an answer")
        }
        return OfferPlausibility.checked(stored)
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

    /// Creates the file at `path` with mode 0600 (or checks the one there), without blocking on a FIFO:
    /// a regular file of this user's, set to 0600 with its SQLite sidecars.
    static func preparePrivateFile(_ path: String) throws(SQLiteError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw refusal(path, SystemError.message()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw refusal(path, SystemError.message()) }
        if let kind = RegularFile.irregularKind(info.st_mode) { throw refusal(path, "not a regular file (\(kind))") }
        guard info.st_uid == geteuid() else { throw refusal(path, "it belongs to user \(info.st_uid)") }
        guard fchmod(descriptor, 0o600) == 0 else { throw refusal(path, SystemError.message()) }
        for suffix in ["-journal", "-wal", "-shm"] {
            var sidecar = stat()
            if lstat(path + suffix, &sidecar) == 0, (sidecar.st_mode & S_IFMT) == S_IFREG, sidecar.st_uid == geteuid() {
                chmod(path + suffix, 0o600)
            }
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> SQLiteError {
        SQLiteError(code: 14, message: "cannot use the offer cache \(path): \(reason)")  // SQLITE_CANTOPEN
    }
}
