import CSQLite
import DashSpendCore
@_spi(Benchmarks) import DashSpendExplore
import DashSpendSQLite

/// The reads of the service's cached path, as bare SQL through the C API: the library's merchant
/// statement on the explore file, then, for each offer row, the stored answer of that provider from the
/// state database. Each statement is prepared once; per merchant: reset, bind, step, read the columns.
final class RawServiceReads {
    private let explore: OpaquePointer
    private let state: OpaquePointer
    private let merchant: OpaquePointer
    private let answer: OpaquePointer
    private let columns: [Int32]
    private let providerColumn: Int32
    private let sourceIdColumn: Int32
    /// Everything read that is not returned, kept so the optimiser cannot drop the reads.
    private(set) var observed = 0

    /// Opens the explore file as the library does and the state database read-only.
    init(explorePath: String, statePath: String, library: ExploreDatabase) throws {
        explore = try RawSQLite.openImmutable(explorePath)
        var handle: OpaquePointer?
        guard sqlite3_open_v2(statePath, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let handle
        else {
            sqlite3_close_v2(handle)
            throw RawSQLite.Failure(description: "cannot open \(statePath)")
        }
        state = handle
        merchant = try RawSQLite.prepare(explore, library.merchantStatement(id: "").sql)
        answer = try RawSQLite.prepare(state, Self.answerSQL)
        columns = RawSQLite.columnIndexes(merchant, RawRunner.merchantTextColumns + RawRunner.merchantIntegerColumns)
        providerColumn = RawSQLite.columnIndexes(merchant, ["offerProvider"])[0]
        sourceIdColumn = RawSQLite.columnIndexes(merchant, ["offerSourceId"])[0]
    }

    deinit {
        sqlite3_finalize(merchant)
        sqlite3_finalize(answer)
        sqlite3_close_v2(explore)
        sqlite3_close_v2(state)
    }

    /// The ids of the providers compiled in.
    static let providerIds = Set(GiftCardProvider.allCases.map(\.id))

    /// The state database's read of one stored answer, as the offer store runs it.
    static let answerSQL = "SELECT offer FROM provider_answer WHERE provider = ?1 AND network = ?2 AND sourceId = ?3"

    /// The stored answer's read with its arguments written in, for the `sqlite3` shell (state attached as `state`).
    static func answerScript(provider: String, sourceId: String) -> String {
        "SELECT offer FROM state.provider_answer WHERE provider = \(SQLInliner.literal(.text(provider))) "
            + "AND network = 'mainnet' AND sourceId = \(SQLInliner.literal(.text(sourceId)));"
    }

    /// Reads merchant `id` and its stored answers; returns how many stored answers were found.
    func resolve(_ id: String) -> Int {
        sqlite3_reset(merchant)
        sqlite3_bind_text(merchant, 1, id, -1, RawSQLite.transient)
        var offers: [(String, String)] = []
        while sqlite3_step(merchant) == SQLITE_ROW {
            for index in columns where index >= 0 {
                if let bytes = sqlite3_column_text(merchant, index) {
                    observed &+=
                        String(
                            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(merchant, index))),
                            as: UTF8.self
                        ).utf8.count
                }
            }
            if let provider = sqlite3_column_text(merchant, providerColumn),
                let sourceId = sqlite3_column_text(merchant, sourceIdColumn)
            {
                // Only the providers the library shows (this build's) have their stored answer read.
                let id = String(cString: provider).lowercased()
                if Self.providerIds.contains(id) { offers.append((id, String(cString: sourceId))) }
            }
        }
        sqlite3_reset(merchant)
        var found = 0
        for (provider, sourceId) in offers {
            sqlite3_reset(answer)
            sqlite3_bind_text(answer, 1, provider, -1, RawSQLite.transient)
            sqlite3_bind_text(answer, 2, "mainnet", -1, RawSQLite.transient)
            sqlite3_bind_text(answer, 3, sourceId, -1, RawSQLite.transient)
            while sqlite3_step(answer) == SQLITE_ROW {
                if let bytes = sqlite3_column_text(answer, 0) {
                    observed &+=
                        String(
                            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(answer, 0))),
                            as: UTF8.self
                        ).utf8.count
                    found += 1
                }
            }
            sqlite3_reset(answer)
        }
        return found
    }
}
