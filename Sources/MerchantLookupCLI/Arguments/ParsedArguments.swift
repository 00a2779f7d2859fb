/// The command line split into words (the command and its operands) and options, which may come before or
/// after the command. `--name value` and `--name=value` are both accepted; `--` ends the options.
struct ParsedArguments {
    /// The command words and operands, in order.
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` against the declared `options`: aliases become the option's name, values are
    /// validated as declared, and an unknown option is refused with the nearest known one suggested.
    init(_ arguments: [String], options: [OptionSpec]) throws(CLIError) {
        var byName: [String: OptionSpec] = [:]
        for option in options {
            byName[option.name] = option
            for alias in option.aliases { byName[alias] = option }
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var written = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                written = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = byName[written] else {
                let suggestion = Self.nearest(to: written, among: options.filter(\.listed).map(\.name))
                throw .usage("unknown option \(written)" + (suggestion.map { " (did you mean \($0)?)" } ?? ""))
            }
            let name = option.name
            guard option.takesValue else {
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw .usage("\(name) needs a value") }
                // `--from --force` is a forgotten value, not a file named --force (write `--from=--odd` for that).
                let next = arguments[index]
                if byName[String(next.prefix { $0 != "=" })] != nil { throw .usage("\(name) needs a value") }
                value = next
                index += 1
            }
            try option.validate(value)
            values[name, default: []].append(value)
        }
    }

    /// The name in `names` closest to `written` (edit distance at most a third of its length, at least 2).
    static func nearest(to written: String, among names: [String]) -> String? {
        let limit = max(2, written.count / 3)
        let scored = names.map { ($0, editDistance(Array(written), Array($0))) }.filter { $0.1 <= limit }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Every option given, for checking that a command accepts them.
    var givenOptions: Set<String> { flags.union(values.keys) }

    /// An integer option's value (validated when parsed, as its declaration says).
    func integer(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

    /// A decimal option's value (validated when parsed, as its declaration says).
    func number(_ name: String) -> Double? { value(name).flatMap { Double($0) } }

    private static func isNumber(_ text: String) -> Bool { Double(text) != nil }
}
