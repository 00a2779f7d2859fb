/// The command line split into words (the command and its operands) and options, which may come before or
/// after the command. `--name value` and `--name=value` are both accepted; `--` ends the options.
struct ParsedArguments {
    /// The command words and operands, in order.
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private var consumed: Set<String> = []

    /// Parses `arguments` knowing which options take a value and which are flags.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(CLIError) {
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
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage("\(name) needs a value") }
                    // `--from --force` is a forgotten value, not a file named --force (write `--from=--odd` for that).
                    let next = arguments[index]
                    let nextName = String(next.prefix { $0 != "=" })
                    if valueOptions.contains(nextName) || flagOptions.contains(nextName) || next == "-h" {
                        throw .usage("\(name) needs a value")
                    }
                    value = next
                    index += 1
                }
                values[name, default: []].append(value)
            } else {
                throw .usage("unknown option \(name)")
            }
        }
    }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Every option given, for checking that a command accepts them.
    var givenOptions: Set<String> { flags.union(values.keys) }

    /// An integer option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let raw = value(name) else { return nil }
        guard let number = Int(raw), range.contains(number) else {
            throw .usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(raw)")
        }
        return number
    }

    /// A decimal option within `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws(CLIError) -> Double? {
        guard let raw = value(name) else { return nil }
        guard let number = Double(raw), number.isFinite, range.contains(number) else {
            throw .usage("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not \(raw)")
        }
        return number
    }

    private static func isNumber(_ text: String) -> Bool { Double(text) != nil }
}
