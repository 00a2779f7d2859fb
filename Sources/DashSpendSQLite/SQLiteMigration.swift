/// A named change to a database, applied once by ``SQLiteMigrator`` and recorded under its name.
///
/// A migration is never edited once released: a later change is a new migration with a new name.
package struct SQLiteMigration: Sendable {
    /// The name recorded in the migrations table; unique within a migrator.
    package let name: String
    /// The change, run inside the migrator's transaction.
    let apply: @Sendable (borrowing SQLiteConnection.Access) throws(SQLiteError) -> Void

    /// A migration that runs `apply`.
    package init(_ name: String, apply: @escaping @Sendable (borrowing SQLiteConnection.Access) throws(SQLiteError) -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration that runs the SQL script `sql` (one or more statements).
    package init(_ name: String, sql: String) {
        self.init(name) { db throws(SQLiteError) in try db.execute(sql) }
    }
}
