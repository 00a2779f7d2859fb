import DashSpendSQLite

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A damaged file that held orders, set aside after what could be read of it was salvaged into the orders
/// database: where it is, so that a person (or support) can get at what was not read. Recorded in the
/// orders database, and said until the user has been shown it (``acknowledged``).
public struct SetAsideOrderFile: Sendable, Hashable, CustomStringConvertible {
    /// Where the damaged file is now.
    public let path: String
    /// What was wrong with it.
    public let reason: String
    /// When it was set aside.
    public let setAsideAt: Date
    /// How many orders were salvaged from it.
    public let salvagedOrders: Int
    /// How many delivered cards were salvaged from it.
    public let salvagedCards: Int
    /// Whether every row could be read (false: some orders or cards may be left only in the file).
    public let complete: Bool
    /// Whether the user has been shown it.
    public let acknowledged: Bool

    /// Creates a record.
    public init(
        path: String, reason: String, setAsideAt: Date, salvagedOrders: Int, salvagedCards: Int, complete: Bool,
        acknowledged: Bool
    ) {
        self.path = path
        self.reason = reason
        self.setAsideAt = setAsideAt
        self.salvagedOrders = salvagedOrders
        self.salvagedCards = salvagedCards
        self.complete = complete
        self.acknowledged = acknowledged
    }

    /// One line for the user: where the file is, and what was saved from it.
    public var description: String {
        let saved =
            "\(salvagedOrders) order\(salvagedOrders == 1 ? "" : "s") and \(salvagedCards) "
            + "card\(salvagedCards == 1 ? "" : "s") were saved from it"
        let rest = complete ? "" : "; anything else it held is only in that file: keep it"
        return "a damaged file that held orders was set aside at \(path) (\(reason)); \(saved)\(rest)"
    }

    /// Inserts `record` (replacing one for the same path) in the transaction of `db`.
    static func insert(_ record: SetAsideOrderFile, into db: borrowing SQLiteConnection.Access) throws {
        try db.execute(
            """
            INSERT INTO set_aside_file (path, reason, setAsideAt, salvagedOrders, salvagedCards, complete, acknowledged)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (path) DO UPDATE SET reason = excluded.reason, salvagedOrders = excluded.salvagedOrders,
                salvagedCards = excluded.salvagedCards, complete = excluded.complete, acknowledged = 0
            """,
            [
                .text(record.path), .text(record.reason), .real(record.setAsideAt.timeIntervalSince1970),
                .integer(Int64(record.salvagedOrders)), .integer(Int64(record.salvagedCards)),
                .integer(record.complete ? 1 : 0), .integer(record.acknowledged ? 1 : 0),
            ])
    }

    /// The record of a `set_aside_file` row.
    static func record(_ row: SQLiteRow) -> SetAsideOrderFile? {
        guard let path = row.text("path") else { return nil }
        return SetAsideOrderFile(
            path: path, reason: row.text("reason") ?? "", setAsideAt: Date(timeIntervalSince1970: row.double("setAsideAt") ?? 0),
            salvagedOrders: row.integer("salvagedOrders") ?? 0, salvagedCards: row.integer("salvagedCards") ?? 0,
            complete: (row.integer("complete") ?? 0) != 0, acknowledged: (row.integer("acknowledged") ?? 0) != 0)
    }
}
