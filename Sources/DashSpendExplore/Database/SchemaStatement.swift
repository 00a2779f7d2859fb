/// Reads what an explore file's schema needs from the `CREATE` statements SQLite keeps in `sqlite_master`:
/// a table's column names, an index's first column.
///
/// `PRAGMA table_info` and `pragma_index_info` prepare a statement each, about 120,000 instructions apiece
/// (five of them were a tenth of an offline `show`); the statements come with the one read of
/// `sqlite_master` that lists the tables. SQLite keeps each statement as it was written, so this reads
/// SQLite's grammar: quoted names (`"a b"`, `` `a` ``, `[a]`, `'a'`), comments, nested parentheses, table
/// constraints. Where a statement is not of the shapes below (`CREATE TABLE … AS SELECT`, a view, a
/// generated column), the answer is nil and the caller asks the pragma. A test compares both on every shape
/// it knows.
package enum SchemaStatement {
    /// The column names of `CREATE TABLE name (column-def, …, table-constraint, …)`, in order; nil for any
    /// other statement.
    package static func columns(ofTable sql: String) -> [String]? {
        var tokens = SQLTokens(sql)
        guard let create = tokens.nextWord(), SQLTokens.isKeyword(create, "CREATE"), var word = tokens.nextWord()
        else { return nil }
        if SQLTokens.isKeyword(word, "TEMP", "TEMPORARY") { word = tokens.nextWord() ?? "" }
        guard SQLTokens.isKeyword(word, "TABLE") else { return nil }
        // The name (maybe `schema.name`, maybe after IF NOT EXISTS) up to the opening parenthesis.
        while let token = tokens.next() {
            if token == .symbol("(") { break }
            if case .word(let word) = token, SQLTokens.isKeyword(word, "AS") { return nil }
        }
        var columns: [String] = []
        while true {
            // One item: a column definition or a table constraint, up to a comma or the closing parenthesis.
            switch tokens.next() {
            case .word(let word)? where SQLTokens.isKeyword(word, "CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"):
                break
            case .word(let name)?, .quoted(let name)?: columns.append(name)
            default: return nil
            }
            // A generated column is hidden from `PRAGMA table_info`: such a table is left to the pragma.
            switch tokens.skipToItemEnd() {
            case .symbol(",")?: continue
            case .symbol(")")?: return columns.isEmpty ? nil : columns
            default: return nil
            }
        }
    }

    /// The first column of `CREATE [UNIQUE] INDEX name ON table (column, …)` when it is a column (not an
    /// expression), as written; nil for an expression or any other statement.
    package static func leadingColumn(ofIndex sql: String) -> String? {
        var tokens = SQLTokens(sql)
        guard let create = tokens.nextWord(), SQLTokens.isKeyword(create, "CREATE"), var word = tokens.nextWord()
        else { return nil }
        if SQLTokens.isKeyword(word, "UNIQUE") { word = tokens.nextWord() ?? "" }
        guard SQLTokens.isKeyword(word, "INDEX") else { return nil }
        while let token = tokens.next(), token != .symbol("(") {}
        let name: String
        switch tokens.next() {
        case .word(let word)?, .quoted(let word)?: name = word
        default: return nil
        }
        switch tokens.next() {
        case .symbol(",")?, .symbol(")")?: return name
        case .word(let word)? where SQLTokens.isKeyword(word, "ASC", "DESC", "COLLATE"): return name
        default: return nil
        }
    }
}
