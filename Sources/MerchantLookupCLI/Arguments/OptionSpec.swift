/// One command-line option, declared once: the declaration drives parsing, validation, `--help` and the
/// "did you mean" of an unknown option.
struct OptionSpec: Sendable {
    /// How a value is checked when the command line is parsed.
    enum Validation: Sendable {
        /// Any text.
        case text
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A finite decimal number in the range.
        case number(ClosedRange<Double>)
        /// One of these words (any case).
        case choice([String])
    }

    /// The long name, `--network`.
    let name: String
    /// Other spellings (`-v`, or an older name), accepted everywhere the name is.
    let aliases: [String]
    /// The value's placeholder in help (`PATH`); nil for a flag.
    let valueName: String?
    /// One line of help.
    let help: String
    /// How the value is checked.
    let validation: Validation
    /// Shown in `--help` (an old alias stays accepted but is not advertised).
    let listed: Bool

    /// A flag.
    static func flag(_ name: String, aliases: [String] = [], help: String) -> OptionSpec {
        OptionSpec(name: name, aliases: aliases, valueName: nil, help: help, validation: .text, listed: true)
    }

    /// An option with a value.
    static func value(
        _ name: String, _ valueName: String, aliases: [String] = [], help: String, validation: Validation = .text,
        listed: Bool = true
    ) -> OptionSpec {
        OptionSpec(name: name, aliases: aliases, valueName: valueName, help: help, validation: validation, listed: listed)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `-v, --verbose` or `--db PATH`, for help.
    var synopsis: String {
        let names = (aliases.filter { !$0.hasPrefix("--") } + [name]).joined(separator: ", ")
        return valueName.map { names + " " + $0 } ?? names
    }

    /// Checks `raw` against ``validation``; the error names the option and what it takes.
    func validate(_ raw: String) throws(CLIError) {
        switch validation {
        case .text:
            return
        case .integer(let range):
            guard let number = Int(raw), range.contains(number) else {
                throw .usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(raw)")
            }
        case .number(let range):
            guard let number = Double(raw), number.isFinite, range.contains(number) else {
                throw .usage("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not \(raw)")
            }
        case .choice(let words):
            guard words.contains(raw.lowercased()) else {
                let listed = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words.last! : words[0]
                throw .usage("\(name) must be \(listed), not \(raw)")
            }
        }
    }
}
