import DashSpendCore

/// Helpers for writing SQL safely. Values are always bound; only identifiers and literals the library
/// itself chose are spliced in.
enum SQLText {
    /// `expression` lowercased and stripped of the white space Swift's `trimmedWhitespace` strips in ASCII
    /// (space, tab, newline, vertical tab, form feed, carriage return), so SQL filters read values exactly
    /// as the Swift records do. (SQLite's one-argument `trim` strips spaces only.)
    static func clean(_ expression: String) -> String {
        "lower(trim(\(expression), char(32, 9, 10, 11, 12, 13)))"
    }

    /// A list of string literals for `IN (...)`, quotes doubled.
    static func literalList(_ values: [String]) -> String {
        values.map { value in "'" + String(value.flatMap { $0 == "'" ? ["'", "'"] : [$0] }) + "'" }
            .joined(separator: ", ")
    }

    /// The FTS4 phrase-prefix query for `text`: `"<words>*"`. FTS4 has no escape for `"` inside a
    /// phrase, so quotes (and stars) become spaces (Android doubles them, which finds nothing). Nil when nothing is left.
    static func ftsPhrasePrefix(_ text: String) -> String? {
        let cleaned = String(text.map { $0 == "\"" || $0 == "*" ? " " : $0 }).trimmedWhitespace
        guard cleaned.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return "\"" + cleaned + "*\""
    }

    /// A `LIKE` pattern that matches `text` literally anywhere (`%`, `_` and `\` escaped with `\`).
    static func likeContains(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }

    /// A JSON array of strings, for `json_each(?)`.
    static func jsonArray(_ values: [String]) -> String {
        var json = "["
        for (index, value) in values.enumerated() {
            if index > 0 { json += "," }
            JSONStringLiteral.append(value, to: &json)
        }
        return json + "]"
    }
}
