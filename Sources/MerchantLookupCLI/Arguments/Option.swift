/// An option that takes a value of type `Value`, declared once with its parser: the command line is checked
/// and read when it is parsed, and a command reads the result by the declaration, `invocation[SearchOptions.sort]`
/// (a `MerchantSort?`), never by the option's name.
struct Option<Value: Sendable>: Sendable {
    /// The declaration as data.
    let spec: OptionSpec
    /// How the value is read.
    let parser: ValueParser<Value>

    /// `name VALUE_NAME`, read by `parser`.
    init(
        _ name: String, _ valueName: String, aliases: [String] = [], help: String, group: OptionGroup = .command,
        listed: Bool = true, parser: ValueParser<Value>
    ) {
        self.parser = parser
        spec = OptionSpec(
            name: name, aliases: aliases, valueName: valueName, kind: parser.kind, help: help, group: group, listed: listed,
            parse: { (text) throws(CLIError) -> any Sendable in try parser.read(text, name) },
            valueType: ObjectIdentifier(Value.self))
    }

    /// The long name.
    var name: String { spec.name }

    /// The same option (name, value and parser) with another help line, for a command that uses it differently.
    func helping(_ help: String) -> Option {
        Option(
            spec.name, spec.valueName ?? "", aliases: spec.aliases, help: help, group: spec.group, listed: spec.listed,
            parser: parser)
    }

    /// An option of another name and help line that reads its value as this one does (the same value name
    /// and parser), for a command whose option means the same kind of thing.
    func renamed(_ name: String, help: String) -> Option {
        Option(name, spec.valueName ?? "", help: help, group: spec.group, listed: spec.listed, parser: parser)
    }
}
