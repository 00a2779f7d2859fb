/// The SQLite result codes the tests expect, spelled out (the tests do not import the C module).
enum SQLiteCodes {
    static let error: Int32 = 1
    static let busy: Int32 = 5
    static let readOnly: Int32 = 8
    static let cannotOpen: Int32 = 14
    static let constraint: Int32 = 19
    static let misuse: Int32 = 21
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: an extended code.
    static let constraintPrimaryKey: Int32 = 1555
}
