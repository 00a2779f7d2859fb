/// An option without a value: given or not.
struct Flag: Sendable {
    /// The declaration as data.
    let spec: OptionSpec

    /// The flag `name` (and its `aliases`, such as `-v`).
    init(_ name: String, aliases: [String] = [], help: String, group: OptionGroup = .command) {
        spec = OptionSpec(
            name: name, aliases: aliases, valueName: nil, kind: nil, help: help, group: group, listed: true, parse: nil,
            valueType: nil)
    }

    /// The long name.
    var name: String { spec.name }
}
