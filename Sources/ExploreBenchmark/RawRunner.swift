import CSQLite
@_spi(Benchmarks) import DashSpendExplore
import DashSpendSQLite

/// Runs the library's exact SQL through the bare SQLite C API: each statement prepared once, then per run
/// reset, bind, step, and the same columns read as text, integer or double, with no layer in between.
/// A page runs both statements the library runs: the page, then the offers of the page's merchantIds.
final class RawRunner {
    private let db: OpaquePointer
    private var prepared: [String: OpaquePointer] = [:]
    /// Everything read that is not returned, kept so the optimiser cannot drop the reads.
    private(set) var observed = 0

    /// Opens `path` read-only and immutable, with the same flags as the library.
    init(path: String) throws { db = try RawSQLite.openImmutable(path) }

    deinit {
        for statement in prepared.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// A query made ready: statements prepared, arguments known, column indexes looked up.
    struct Prepared {
        let first: OpaquePointer
        let firstArguments: [SQLiteValue]
        let firstColumns: [Int32]
        let offers: OpaquePointer?
        let offersColumns: [Int32]
        let isPage: Bool
    }

    static let pageColumns = [
        "merchantId", "name", "type", "paymentMethod", "savingsPercentage", "locationCount",
        "nearestLatitude", "nearestLongitude",
    ]
    static let offerColumns = ["merchantId", "provider", "savingsPercentage"]
    static let merchantTextColumns = [
        "merchantId", "name", "type", "paymentMethod", "denominationsType", "redeemType",
        "website", "source", "sourceId", "logoLocation", "offerProvider", "offerSourceId",
        "offerDenominations", "offerRedeemType",
    ]
    static let merchantIntegerColumns = ["active", "savingsPercentage", "locationCount", "offerActive", "offerSavings"]

    /// Prepares `query` against `library`'s SQL (outside the timed loop).
    func prepare(_ query: BenchmarkQuery, library: ExploreDatabase) throws -> Prepared {
        switch query.request {
        case .page(let search):
            let page = library.pageStatement(for: search)
            let first = try statement(page.sql)
            let offersSQL = library.pageOffersStatement(merchantIds: [])?.sql
            let offers = try offersSQL.map(statement)
            return Prepared(
                first: first, firstArguments: page.arguments,
                firstColumns: RawSQLite.columnIndexes(first, Self.pageColumns),
                offers: offers, offersColumns: offers.map { RawSQLite.columnIndexes($0, Self.offerColumns) } ?? [],
                isPage: true)
        case .merchant(let id):
            let merchant = library.merchantStatement(id: id)
            let first = try statement(merchant.sql)
            return Prepared(
                first: first, firstArguments: merchant.arguments,
                firstColumns: RawSQLite.columnIndexes(first, Self.merchantTextColumns + Self.merchantIntegerColumns),
                offers: nil, offersColumns: [], isPage: false)
        }
    }

    private func statement(_ sql: String) throws -> OpaquePointer {
        if let cached = prepared[sql] { return cached }
        let statement = try RawSQLite.prepare(db, sql)
        prepared[sql] = statement
        return statement
    }

    /// One row of a page, as an application would keep it.
    struct PageRow {
        let merchantId: String?
        let name: String?
        let type: String?
        let paymentMethod: String?
        let savings: Int64?
        let locationCount: Int64
        let latitude: Double?
        let longitude: Double?
    }

    /// Runs a prepared query once; returns the merchants found (as the library's runner does).
    func run(_ query: Prepared) -> Int {
        let statement = query.first
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in query.firstArguments.enumerated() {
            bind(statement, Int32(offset + 1), value)
        }
        let c = query.firstColumns
        if !query.isPage {
            var found = 0
            while sqlite3_step(statement) == SQLITE_ROW {
                var texts: [String?] = []
                for index in c[0..<Self.merchantTextColumns.count] { texts.append(text(statement, index)) }
                var integers: [Int64?] = []
                for index in c[Self.merchantTextColumns.count...] { integers.append(integer(statement, index)) }
                found += 1
                observed &+= texts.count + integers.count
            }
            sqlite3_reset(statement)
            return found > 0 ? 1 : 0
        }

        var rows: [PageRow] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                PageRow(
                    merchantId: text(statement, c[0]), name: text(statement, c[1]), type: text(statement, c[2]),
                    paymentMethod: text(statement, c[3]), savings: integer(statement, c[4]),
                    locationCount: integer(statement, c[5]) ?? 0,
                    latitude: c[6] < 0 ? nil : real(statement, c[6]), longitude: c[7] < 0 ? nil : real(statement, c[7])
                ))
        }
        sqlite3_reset(statement)
        guard let offers = query.offers, !rows.isEmpty else { return rows.count }

        var json = "["
        for (index, row) in rows.enumerated() {
            if index > 0 { json += "," }
            json += "\"" + (row.merchantId ?? "") + "\""
        }
        json += "]"
        sqlite3_reset(offers)
        sqlite3_bind_text(offers, 1, json, -1, RawSQLite.transient)
        let o = query.offersColumns
        var offerCount = 0
        var offerRows: [(String?, String?, Int64?)] = []
        while sqlite3_step(offers) == SQLITE_ROW {
            offerRows.append((text(offers, o[0]), text(offers, o[1]), integer(offers, o[2])))
            offerCount += 1
        }
        sqlite3_reset(offers)
        observed &+= offerRows.count + offerCount
        return rows.count
    }

    private func bind(_ statement: OpaquePointer, _ index: Int32, _ value: SQLiteValue) {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, RawSQLite.transient)
        }
    }

    private func text(_ statement: OpaquePointer, _ index: Int32) -> String? {
        guard index >= 0, let bytes = sqlite3_column_text(statement, index) else { return nil }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index))),
            as: UTF8.self)
    }

    private func integer(_ statement: OpaquePointer, _ index: Int32) -> Int64? {
        guard index >= 0, sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        return sqlite3_column_int64(statement, index)
    }

    private func real(_ statement: OpaquePointer, _ index: Int32) -> Double? {
        guard sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        return sqlite3_column_double(statement, index)
    }
}
