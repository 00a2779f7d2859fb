public import DashSpend

/// The `merchant-lookup` command line: parses arguments, runs one command, and says what to print and
/// which exit code to use. The executable is a thin `@main` over ``run(arguments:environment:)``.
public enum MerchantLookup {
    /// The tool's version: the package's.
    public static let version = DashSpendRelease.version

    /// What a run produced.
    public struct Outcome: Sendable {
        /// Text for stdout.
        public let output: String
        /// One line for stderr, when the command failed.
        public let error: String?
        /// The exit code.
        public let exitCode: ExitCode
        /// Lines for stderr whatever the outcome, before ``error``: what the user must hear once (a state
        /// database that was set aside). Empty with `--quiet`, and with `--verbose` (which already said it).
        public var notes: [String] = []
    }

    static var commands: [any CLICommand.Type] {
        [
            ProvidersCommand.self, SearchCommand.self, ShowCommand.self, TerritoriesCommand.self, ATMsCommand.self,
            DatabaseInfoCommand.self, AuthLoginCommand.self, AuthVerifyCommand.self, AuthStatusCommand.self,
            AuthLogoutCommand.self, SyncCommand.self, BuyCommand.self, OrdersCommand.self, OrderCommand.self,
        ]
    }

    /// Runs the command line `arguments` (without the program name).
    ///
    /// Text output and error lines are made safe for a terminal (control characters from the database or a
    /// server are escaped); JSON output escapes them itself. A token refresh runs as one of
    /// `criticalSections`, for a caller that exits on signals (see ``CriticalSections``).
    ///
    /// `output`: where a command that prints as it goes (a batch `show`) writes each piece when it is ready
    /// (false from it: the output could not be written); without it those pieces are in the outcome's
    /// ``Outcome/output``, before anything else.
    public static func run(
        arguments: [String], environment: [String: String], criticalSections: CriticalSections = CriticalSections(),
        output: (@Sendable (String) -> Bool)? = nil
    ) async -> Outcome {
        let notes = NoteCollector()
        var outcome = await outcome(
            arguments, environment: environment, criticalSections: criticalSections, notes: notes, output: output)
        outcome.notes = notes.lines.map { "merchant-lookup: " + TerminalText.sanitized($0, keepingNewlines: false) }
        return outcome
    }

    private static func outcome(
        _ arguments: [String], environment: [String: String], criticalSections: CriticalSections,
        notes: NoteCollector, output: (@Sendable (String) -> Bool)?
    ) async -> Outcome {
        let sink = OutputSink(writer: output)
        do {
            let returned = try await dispatch(
                arguments, environment: environment, criticalSections: criticalSections, notes: notes, output: sink)
            let output = sink.text + returned
            let json = arguments.contains("--json")
            return Outcome(output: json ? output : TerminalText.sanitized(output), error: nil, exitCode: .ok)
        } catch {
            if error.alreadyPrinted { return Outcome(output: sink.text, error: nil, exitCode: error.code) }
            if let output = error.output {
                let json = arguments.contains("--json")
                return Outcome(output: json ? output : TerminalText.sanitized(output), error: nil, exitCode: error.code)
            }
            if arguments.contains("--json") {
                return Outcome(
                    output: sink.text + JSONDocument.object([("error", .object(error.jsonMembers))]).serialized() + "\n",
                    error: nil, exitCode: error.code)
            }
            let line = TerminalText.sanitized(error.line, keepingNewlines: false)
            return Outcome(output: sink.text, error: "merchant-lookup: " + line, exitCode: error.code)
        }
    }

    private static func dispatch(
        _ arguments: [String], environment: [String: String], criticalSections: CriticalSections,
        notes: NoteCollector, output: OutputSink
    ) async throws(CLIError) -> String {
        // Every command's options are parsed; the chosen command then rejects those that are not its own.
        var declared = GlobalOptions.all
        for command in commands {
            for option in command.options where !declared.contains(where: { $0.name == option.name }) {
                declared.append(option)
            }
        }
        let parsed = try ParsedArguments(arguments, options: declared)
        if parsed.flag("--version") {
            let providers = GiftCardProvider.allCases.map(\.displayName).joined(separator: ", ")
            return "merchant-lookup \(version) (providers: \(providers))\n"
        }
        if parsed.positionals.first == "help" {
            let words = Array(parsed.positionals.dropFirst())
            if words.isEmpty { return help(for: nil) }
            guard let command = commands.first(where: { $0.words == words }) else {
                throw .usage("unknown command \(words.joined(separator: " "))")
            }
            return help(for: command)
        }
        let command = commands.first { parsed.positionals.starts(with: $0.words) }
        if parsed.positionals.isEmpty {
            guard parsed.flag("--help") else { throw .usage("no command given") }
            return help(for: nil)
        }
        guard let command else {
            throw .usage("unknown command \(parsed.positionals.joined(separator: " "))")
        }
        if parsed.flag("--help") { return help(for: command) }
        let allowed = Set((GlobalOptions.all + command.options).map(\.name))
        if let stray = parsed.givenOptions.subtracting(allowed).sorted().first {
            throw .usage("\(stray) does not apply to `\(command.words.joined(separator: " "))`")
        }
        if parsed.positionals.count - command.words.count > command.maximumOperands {
            throw .usage("too many arguments for `\(command.words.joined(separator: " "))`")
        }
        let invocation = try Invocation(
            arguments: parsed, environment: environment, criticalSections: criticalSections, output: output)
        // Said once, whatever the command's outcome: `--verbose` already said it, `--quiet` asks for silence,
        // and a command whose output carries it (`show --json`'s `notes`) has said it there.
        defer {
            if !parsed.flag("--quiet"), !parsed.flag("--verbose"), let recovery = invocation.stateDatabaseRecovery,
                !invocation.notesInOutput.lines.contains(recovery.description)
            {
                notes.add(recovery.description)
            }
            // Orders set aside in a damaged file: said on every command until `orders` has shown them.
            if !parsed.flag("--quiet") {
                for file in invocation.unacknowledgedSetAsideOrderFiles { notes.add(file.description) }
            }
        }
        return try await command.run(invocation)
    }

    /// The help of `command` (`COMMAND --help` and `help COMMAND` print the same), or of the tool.
    static func help(for command: (any CLICommand.Type)?) -> String {
        if let command {
            var text = "usage: \(command.usage)\n\n\(command.summary)\n"
            if !command.options.isEmpty { text += "\noptions:\n" + optionLines(command.options) }
            return text + "\n" + globalHelp
        }
        let width = (commands.map { $0.words.joined(separator: " ").count }.max() ?? 0) + 2
        let list = commands.map { "  " + OutputFormat.pad($0.words.joined(separator: " "), width) + $0.summary }
        return """
            merchant-lookup \(version): which merchants sell Dash gift cards, through which provider, at what discount

            usage: merchant-lookup COMMAND [OPTIONS]
                   merchant-lookup help COMMAND

            commands:
            \(list.joined(separator: "\n"))

            \(globalHelp)
            """
    }

    /// One line per listed option: its synopsis, padded, then its help.
    static func optionLines(_ options: [OptionSpec]) -> String {
        let listed = options.filter(\.listed)
        let width = max(22, (listed.map(\.synopsis.count).max() ?? 0) + 2)
        return listed.map { "  " + OutputFormat.pad($0.synopsis, width) + $0.help + "\n" }.joined()
    }

    static var globalHelp: String {
        "global options (before or after the command):\n" + optionLines(GlobalOptions.all) + "\n" + ExitCode.helpText
    }
}
