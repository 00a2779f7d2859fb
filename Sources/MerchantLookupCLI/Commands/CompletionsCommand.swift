/// `merchant-lookup completions bash|zsh|fish`: a shell completion script, generated from the declarations
/// (``ShellCompletion``).
enum CompletionsCommand: CLICommand {
    static let words = ["completions"]
    static let usage = "merchant-lookup completions bash|zsh|fish"
    static let summary = "a shell completion script (e.g. `source <(merchant-lookup completions bash)`)"
    static let options: [OptionSpec] = []
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let known = ShellCompletion.shells.joined(separator: ", ")
        guard let shell = invocation.operands(after: words.count).first else {
            throw .usage("completions needs a shell: \(known)")
        }
        guard ShellCompletion.shells.contains(shell) else {
            throw .usage("no completion script for \(shell): the shells known are \(known)")
        }
        return ShellCompletion.script(for: shell, commands: MerchantLookup.commands)
    }
}
