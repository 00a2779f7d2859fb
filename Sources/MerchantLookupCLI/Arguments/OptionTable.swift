/// The declarations a command line is read against: the options every command accepts, at hand, and every
/// declared option, built only when the line needs one (an option that is not global, or a mistake to
/// explain with the nearest known name).
///
/// Building every command's declarations was a seventh of `--version`'s instructions; a line with only global
/// options (`--version`, an offline `show ID --json --db FILE`) never pays it. A spelling is looked up among
/// the common ones first, then among all of them: the common ones open the full list, so the first
/// declaration of a spelling is the one found either way.
struct OptionTable: Sendable {
    /// The options every command accepts: the first declarations of ``all``.
    let common: [OptionSpec]
    /// Every declared option, each name once (built once per process by its owner).
    let all: @Sendable () -> [OptionSpec]

    /// A table of `options` alone.
    init(_ options: [OptionSpec]) {
        common = options
        all = { options }
    }

    /// A table of `common`, then of `all` (which begins with `common`) when a spelling is not among them.
    init(common: [OptionSpec], all: @escaping @Sendable () -> [OptionSpec]) {
        self.common = common
        self.all = all
    }

    /// The declaration of `spelling` (a name or an alias), or nil. Every spelling starts with `-`, so other
    /// words (values, operands) are answered at once.
    func declaration(of spelling: String) -> OptionSpec? {
        guard spelling.hasPrefix("-") else { return nil }
        func spells(_ option: OptionSpec) -> Bool { option.name == spelling || option.aliases.contains(spelling) }
        return common.first(where: spells) ?? all().first(where: spells)
    }
}
