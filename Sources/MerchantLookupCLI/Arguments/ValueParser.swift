import DashSpend

/// How an option's text becomes its typed value: what it accepts (for help and completions) and the reading
/// itself, whose usage error names the option and what it takes. Options share a parser, not a copy of its
/// checks: each value is read once, when the command line is parsed.
struct ValueParser<Value: Sendable>: Sendable {
    /// What the value is.
    let kind: ValueKind
    /// Reads `text`, the value of the option named `option`.
    let read: @Sendable (_ text: String, _ option: String) throws(CLIError) -> Value

    /// The text accepted as it is.
    static func text(_ kind: ValueKind = .text) -> ValueParser<String> where Value == String {
        ValueParser<String>(kind: kind) { text, _ in text }
    }

    /// The text without surrounding whitespace.
    static func trimmed(_ kind: ValueKind = .text) -> ValueParser<String> where Value == String {
        ValueParser<String>(kind: kind) { text, _ in text.trimmedWhitespace }
    }

    /// A whole number in `range`.
    static func integer(_ range: ClosedRange<Int>) -> ValueParser<Int> where Value == Int {
        ValueParser<Int>(kind: .integer(range)) { (text, option) throws(CLIError) in
            guard let number = Int(text), range.contains(number) else {
                throw .usage("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
            }
            return number
        }
    }

    /// A finite decimal number in `range`.
    static func number(_ range: ClosedRange<Double>) -> ValueParser<Double> where Value == Double {
        ValueParser<Double>(kind: .number(range)) { (text, option) throws(CLIError) in
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw .usage("\(option) must be a number from \(range.lowerBound) to \(range.upperBound), not \(text)")
            }
            return number
        }
    }

    /// One of `words` (compared after `normalize`, by default any case), each standing for its value.
    static func choice(
        _ words: [(word: String, value: Value)], normalize: @escaping @Sendable (String) -> String = { $0.lowercased() }
    ) -> ValueParser {
        let names = words.map(\.word)
        return ValueParser(kind: .choice(names)) { (text, option) throws(CLIError) in
            guard let chosen = words.first(where: { $0.word == normalize(text) }) else {
                throw .usage("\(option) must be \(listed(names)), not \(text)")
            }
            return chosen.value
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
