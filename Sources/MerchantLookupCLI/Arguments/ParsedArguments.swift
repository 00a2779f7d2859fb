/// The command line split into words (the command and its operands) and options, which may come before or
/// after the command. `--name value` and `--name=value` are both accepted; `--` ends the options. Each value
/// is read by its declaration's parser here, once; commands get typed values (``subscript(_:)-(Option<Value>)``).
struct ParsedArguments: Sendable {
    /// The command words and operands, in order.
    private(set) var positionals: [String] = []
    /// The first problem of the line (an unknown option, a missing or bad value): the whole line is still
    /// read, so the output options (`--json`, `--quiet`) given after it still apply to the error.
    private(set) var failure: CLIError?
    private var values: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` against the declared `options`: aliases become the option's name, values are read
    /// by their parser, and an unknown option is refused with the nearest known one suggested.
    init(_ arguments: [String], options: [OptionSpec]) {
        self.init(arguments, table: OptionTable(options))
    }

    /// Parses `arguments` against `table` (see ``init(_:options:)``).
    init(_ arguments: [String], table: OptionTable) {
        // The first declaration of a spelling wins. Looked up by a scan, not a dictionary: a line has a few
        // options and the declarations are a hundred spellings, so hashing them all at each start costs more.
        func declared(_ spelling: String) -> OptionSpec? { table.declaration(of: spelling) }
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
            guard let option = declared(written) else {
                let suggestion = Self.nearest(to: written, among: table.all().filter(\.listed).map(\.name))
                fail(.usage("unknown option \(written)" + (suggestion.map { " (did you mean \($0)?)" } ?? "")))
                continue
            }
            let name = option.name
            guard let parse = option.parse else {
                guard inlineValue == nil else {
                    fail(.usage("\(name) takes no value"))
                    continue
                }
                flags.insert(name)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                // `--from --force` is a forgotten value, not a file named --force (write `--from=--odd` for that).
                guard index < arguments.count, declared(String(arguments[index].prefix { $0 != "=" })) == nil else {
                    fail(.usage("\(name) needs a value"))
                    continue
                }
                text = arguments[index]
                index += 1
            }
            do {
                values[name, default: []].append(try parse(text))
            } catch {
                fail(error)
            }
        }
    }

    private mutating func fail(_ error: CLIError) {
        if failure == nil { failure = error }
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
    subscript(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// The option's value (the last one given), as its parser read it; nil when it was not given.
    subscript<Value>(_ option: Option<Value>) -> Value? { all(option).last }

    /// Every value of a repeatable option, in the order given.
    func all<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.name] ?? []).compactMap { $0 as? Value }
    }

    /// Whether the option (a flag or one with a value) was given.
    func isGiven(_ option: OptionSpec) -> Bool { flags.contains(option.name) || values[option.name] != nil }

    /// The name of every option given, for checking that a command accepts them.
    var givenOptions: Set<String> { flags.union(values.keys) }

    private static func isNumber(_ text: String) -> Bool { Double(text) != nil }
}
