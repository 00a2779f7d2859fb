/// One command-line option as data: its names, its value (placeholder, kind and parser), its help and group.
/// Declared once (as an ``Option`` or a ``Flag``), it drives parsing and validation, `--help`, the "did you
/// mean" of an unknown option and the refusal of another command's option, and tells completions and a man
/// page what they need.
struct OptionSpec: Sendable {
    /// The long name, `--network`.
    let name: String
    /// Other spellings (`-v`, or an older name), accepted everywhere the name is.
    let aliases: [String]
    /// The value's placeholder in help (`PATH`); nil for a flag.
    let valueName: String?
    /// What the value is (nil for a flag).
    let kind: ValueKind?
    /// One line of help.
    let help: String
    /// Where the option belongs.
    let group: OptionGroup
    /// Shown in `--help` (an old alias stays accepted but is not advertised).
    let listed: Bool
    /// Reads the value's text into the typed value, once, when the command line is parsed; the usage error
    /// names the option and what it takes. Nil for a flag.
    let parse: (@Sendable (String) throws(CLIError) -> any Sendable)?
    /// The Swift type of the value (nil for a flag): declarations that share a name must share it. An
    /// identifier, not the type's name: `String(reflecting:)` of a type costs a scan of every protocol
    /// conformance in the binary, over half of a `--version`'s instructions.
    let valueType: ObjectIdentifier?

    /// Whether the option takes a value.
    var takesValue: Bool { parse != nil }

    /// `-v, --verbose` or `--db PATH`, for help.
    var synopsis: String {
        let names = (aliases.filter { !$0.hasPrefix("--") } + [name]).joined(separator: ", ")
        return valueName.map { names + " " + $0 } ?? names
    }

    /// Every spelling: the name, then the aliases.
    var spellings: [String] { [name] + aliases }
}
