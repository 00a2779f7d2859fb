import CSQLite
import DashSpendCore

/// `EXPLAIN QUERY PLAN` of a statement, reduced to the steps that read a whole table or make SQLite build
/// a temporary index: the signs of a missing index.
enum QueryPlan {
    /// Every step's description.
    static func steps(_ db: OpaquePointer, _ sql: String) -> [String] {
        (try? RawSQLite.rows(db, "EXPLAIN QUERY PLAN " + sql))?.map { $0.count > 3 ? $0[3] : "" } ?? []
    }

    /// The steps that scan a table without an index or build an automatic index.
    static func warnings(_ db: OpaquePointer, _ sql: String) -> [String] {
        steps(db, sql).filter { step in
            (step.hasPrefix("SCAN ") && !step.containsText("USING") && !step.containsText("VIRTUAL TABLE")
                && !step.containsText("CONSTANT ROW")) || step.containsText("AUTOMATIC")
        }
    }
}
