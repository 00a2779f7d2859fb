/// One `merchant-lookup` command.
protocol CLICommand {
    /// The command words, e.g. `["db", "info"]`.
    static var words: [String] { get }
    /// The synopsis shown in help.
    static var usage: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The options taking a value this command accepts besides the global ones.
    static var valueOptions: Set<String> { get }
    /// The flags this command accepts besides the global ones.
    static var flagOptions: Set<String> { get }
    /// The most operands it takes.
    static var maximumOperands: Int { get }

    /// Runs the command and returns what to print on stdout.
    static func run(_ invocation: Invocation) async throws(CLIError) -> String
}

extension CLICommand {
    /// Every option this command accepts besides the global ones.
    static var options: Set<String> { valueOptions.union(flagOptions) }
}
