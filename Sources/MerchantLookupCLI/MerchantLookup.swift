public import DashSpend

/// The `merchant-lookup` command line: parses arguments, runs one command, and says what to print and
/// which exit code to use. The executable is a few lines over ``run(arguments:environment:streams:criticalSections:)``
/// and ``deliver(_:to:)``; tests run the same two in process.
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

    /// Runs the command line `arguments` (without the program name) with `environment` and `streams`; the
    /// executable passes its own (``ProcessEnvironment/variables``, ``StandardStreams/process``), a test its
    /// own. Print the outcome with ``deliver(_:to:)``.
    ///
    /// Text output and error lines are made safe for a terminal (control characters from the database or a
    /// server are escaped); JSON output escapes them itself. What the command says as it goes (progress,
    /// warnings, a prompt, `-v` events) is written to `streams.error` at once, and a command that prints as it
    /// goes (a batch `show`) writes each piece to `streams.output` when it is ready; the rest is in the outcome.
    /// A token refresh runs as one of `criticalSections`, for a caller that exits on signals (see
    /// ``CriticalSections``).
    public static func run(
        arguments: [String], environment: [String: String], streams: StandardStreams = .process,
        criticalSections: CriticalSections = CriticalSections()
    ) async -> Outcome {
        let notes = NoteCollector()
        let parsed = ParsedArguments(arguments, options: declaredOptions)
        var outcome = await outcome(
            parsed, environment: environment, streams: streams, criticalSections: criticalSections, notes: notes)
        outcome.notes = notes.lines.map { "merchant-lookup: " + TerminalText.sanitized($0, keepingNewlines: false) }
        return outcome
    }

    /// Prints `outcome` as the executable does: its output on `streams.output` (when that cannot be written,
    /// one line on `streams.error` and ``ExitCode/outputFailed``), then its notes and its error line on
    /// `streams.error`. Returns the exit status.
    public static func deliver(_ outcome: Outcome, to streams: StandardStreams) -> Int32 {
        guard streams.output.write(outcome.output) else {
            streams.error.write("merchant-lookup: the output could not be written\n")
            return ExitCode.outputFailed.rawValue
        }
        for note in outcome.notes { streams.error.write(note + "\n") }
        if let error = outcome.error { streams.error.write(error + "\n") }
        return outcome.exitCode.rawValue
    }

    /// Every option any command declares, each name once (the first declaration of a name is the one parsed:
    /// declarations that share a name share their parser). Every command's options are parsed, as they may come
    /// before the command; the chosen command then rejects those that are not its own.
    static var declaredOptions: [OptionSpec] {
        var declared = GlobalOptions.all
        for command in commands {
            for option in command.options where !declared.contains(where: { $0.name == option.name }) {
                declared.append(option)
            }
        }
        return declared
    }

    private static func outcome(
        _ parsed: ParsedArguments, environment: [String: String], streams: StandardStreams,
        criticalSections: CriticalSections, notes: NoteCollector
    ) async -> Outcome {
        let sink = OutputSink(writer: { streams.output.write($0) })
        // Read even from a line that has a mistake: `--json` after it still asks for the error as JSON.
        let json = parsed[GlobalOptions.json]
        do {
            let returned = try await dispatch(
                parsed, environment: environment, streams: streams, criticalSections: criticalSections, notes: notes,
                output: sink)
            return Outcome(output: json ? returned : TerminalText.sanitized(returned), error: nil, exitCode: .ok)
        } catch {
            if error.alreadyPrinted { return Outcome(output: "", error: nil, exitCode: error.code) }
            if let output = error.output {
                return Outcome(output: json ? output : TerminalText.sanitized(output), error: nil, exitCode: error.code)
            }
            if json {
                return Outcome(
                    output: JSONDocument.object([("error", .object(error.jsonMembers))]).serialized() + "\n", error: nil,
                    exitCode: error.code)
            }
            let line = TerminalText.sanitized(error.line, keepingNewlines: false)
            return Outcome(output: "", error: "merchant-lookup: " + line, exitCode: error.code)
        }
    }

    private static func dispatch(
        _ parsed: ParsedArguments, environment: [String: String], streams: StandardStreams,
        criticalSections: CriticalSections, notes: NoteCollector, output: OutputSink
    ) async throws(CLIError) -> String {
        if let failure = parsed.failure { throw failure }
        if parsed[GlobalOptions.version] {
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
            guard parsed[GlobalOptions.help] else { throw .usage("no command given") }
            return help(for: nil)
        }
        guard let command else {
            throw .usage("unknown command \(parsed.positionals.joined(separator: " "))")
        }
        if parsed[GlobalOptions.help] { return help(for: command) }
        let allowed = Set((GlobalOptions.all + command.options).map(\.name))
        if let stray = parsed.givenOptions.subtracting(allowed).sorted().first {
            throw .usage("\(stray) does not apply to `\(command.words.joined(separator: " "))`")
        }
        if parsed.positionals.count - command.words.count > command.maximumOperands {
            throw .usage("too many arguments for `\(command.words.joined(separator: " "))`")
        }
        let invocation = try Invocation(
            arguments: parsed, environment: environment, streams: streams, criticalSections: criticalSections,
            output: output)
        // Said once, whatever the command's outcome: `--verbose` already said it, `--quiet` asks for silence,
        // and a command whose output carries it (`show --json`'s `notes`) has said it there.
        defer {
            if !invocation.quiet, !invocation[GlobalOptions.verbose], let recovery = invocation.stateDatabaseRecovery,
                !invocation.notesInOutput.lines.contains(recovery.description)
            {
                notes.add(recovery.description)
            }
            // Orders set aside in a damaged file: said on every command until `orders` has shown them.
            if !invocation.quiet {
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
