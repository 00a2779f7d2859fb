package import DashSpendCore
import DashSpendLocking
package import DashSpendSQLite

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

/// An ``OfferCache`` in the project's own state database (`StateDatabase`, `<state>/<network>/state.db`),
/// never in the explore database. One file per network, so mainnet and testnet answers never mix.
///
/// Every ``load(_:sourceId:)`` reads the row from the file (the file is the one source of truth, whoever
/// wrote it); only the decoding of its text is remembered, for the exact bytes it was decoded from, so a
/// stored answer read again unchanged is not parsed again (at most 4,096 answers are remembered).
package final class SQLiteOfferCache: OfferCache {
    /// The state database the answers are kept in.
    package let database: StateDatabase
    private var connection: SQLiteConnection { database.connection }
    /// The last decoding of each answer, with the texts it came from.
    private let decoded = Locked<[DecodedKey: DecodedAnswer]>([:])
    /// How many decoded answers are remembered; past it the memory starts afresh.
    static let decodedLimit = 4_096

    /// A cache in `database`.
    package init(database: StateDatabase) {
        self.database = database
    }

    /// A cache in the state database at `path` (of the mainnet unless told otherwise), opened or created.
    package convenience init(path: String, network: DashSpendNetwork = .mainnet) throws(SQLiteError) {
        self.init(database: try StateDatabase(path: path, network: network))
    }

    /// The stored answer; nil when there is none. A failed read or an entry that is not an answer is
    /// thrown (never a crash, never a change to the file). Each field is checked again as a live answer is
    /// (`OfferPlausibility`): an edited or damaged store cannot show an absurd value.
    package func load(_ provider: GiftCardProvider, sourceId: String) throws -> ProviderMerchantDetails? {
        let row = try connection.fetchOne(
            "SELECT offer, raw FROM provider_answer WHERE provider = ?1 AND network = ?2 AND sourceId = ?3",
            [.text(provider.id), .text(database.network.rawValue), .text(sourceId)]
        ) { ($0.text("offer"), $0.text("raw")) }
        guard let row, let body = row.0 else { return nil }
        let key = DecodedKey(provider: provider, sourceId: sourceId)
        if let known = decoded.withLock({ $0[key] }), known.offer == body, known.raw == row.1 { return known.details }
        let stored: ProviderMerchantDetails
        do {
            stored = try StoredOfferText.decode(body)
        } catch {
            // The row is there but is not what this store writes.
            throw SQLiteError.corrupt("the stored answer of \(provider.displayName) about \(sourceId) is not an answer")
        }
        // The provider's own fields are kept as received; ones that no longer read as JSON are dropped (they
        // only document the answer, the offer above is what is used).
        let raw = row.1.flatMap { try? JSONValue.parse($0.utf8Data) }
        let details = OfferPlausibility.checked(stored.withRaw(raw))
        decoded.withLock { memory in
            if memory.count >= Self.decodedLimit { memory.removeAll(keepingCapacity: true) }
            memory[key] = DecodedAnswer(offer: body, raw: row.1, details: details)
        }
        return details
    }

    /// Stores the answer (the normalised offer in `offer`, the provider's own fields in `raw`) in a write
    /// transaction: it replaces the previous answer whole or not at all, and
    /// waits (up to the busy timeout) for another process writing the same file.
    package func save(_ details: ProviderMerchantDetails) throws {
        let body = String(decoding: try JSONEncoder().encode(details), as: UTF8.self)
        let raw = details.raw.map { String(decoding: $0.encoded(), as: UTF8.self) }
        try connection.transaction { db in
            try db.execute(
                """
                INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer, raw)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (provider, network, sourceId)
                DO UPDATE SET fetchedAt = excluded.fetchedAt, offer = excluded.offer, raw = excluded.raw
                """,
                [
                    .text(details.provider.id), .text(database.network.rawValue), .text(details.sourceId),
                    .real(details.fetchedAt.timeIntervalSince1970), .text(body), raw.map { .text($0) } ?? .null,
                ])
        }
    }
}

/// Which answer a decoding belongs to.
private struct DecodedKey: Hashable, Sendable {
    let provider: GiftCardProvider
    let sourceId: String
}

/// An answer as decoded, with the stored texts it was decoded from.
private struct DecodedAnswer: Sendable {
    let offer: String
    let raw: String?
    let details: ProviderMerchantDetails
}
