@_spi(Benchmarks) import DashSpendExplore
import DashSpendSQLite

/// Writes a statement's bound arguments into its SQL as literals, for the `sqlite3` shell, which takes no
/// parameters on its command line. `?NNN` takes argument NNN; a bare `?` takes the next one after the
/// largest used so far (SQLite's own rule). Quoted strings and identifiers are copied untouched.
enum SQLInliner {
    /// The statement with every parameter replaced by its value.
    static func inline(_ statement: ExploreDatabase.Statement) -> String {
        let characters = Array(statement.sql)
        var output = ""
        var quote: Character?
        var largest = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if let open = quote {
                output.append(character)
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"" || character == "`" {
                quote = character
                output.append(character)
                continue
            }
            guard character == "?" else {
                output.append(character)
                continue
            }
            var digits = ""
            while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                digits.append(characters[index])
                index += 1
            }
            let number = Int(digits) ?? largest + 1
            largest = max(largest, number)
            output += literal(number - 1 < statement.arguments.count ? statement.arguments[number - 1] : .null)
        }
        return output
    }

    /// A value as an SQL literal.
    static func literal(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return "\(number)"
        case .text(let text):
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }
    }
}
