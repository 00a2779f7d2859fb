public import DashSpend
import DashSpendCore

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
        /// The client the command used, when the caller asked to keep it (`keepingClient`): the executable
        /// holds it until the process exits.
        package var client: DashSpendClient?
    }

    static var commands: [any CLICommand.Type] {
        [
            ProvidersCommand.self, SearchCommand.self, ShowCommand.self, TerritoriesCommand.self, ATMsCommand.self,
            DatabaseInfoCommand.self, DatabaseDiffCommand.self, AuthLoginCommand.self, AuthVerifyCommand.self,
            AuthStatusCommand.self,
            AuthLogoutCommand.self, SyncCommand.self, BuyCommand.self, OrdersCommand.self, OrderCommand.self,
            CompletionsCommand.self,
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
    ///
    /// With `keepingClient`, the outcome holds the client the command used, and its databases stay open: for a
    /// caller that exits right after printing, whose exit frees them. Closing them frees every schema object
    /// SQLite parsed, 280,000 instructions of an offline `show`, for memory the exit returns anyway; nothing
    /// is left to write (a command's writes are committed before it answers, and the files keep rollback
    /// journals, which a reader does not create).
    public static func run(
        arguments: [String], environment: [String: String], streams: StandardStreams = .process,
        criticalSections: CriticalSections = CriticalSections(), keepingClient: Bool = false
    ) async -> Outcome {
        let notes = NoteCollector()
        let parsed = ParsedArguments(arguments, table: optionTable)
        var outcome = await outcome(
            parsed, environment: environment, streams: streams, criticalSections: criticalSections, notes: notes,
            keepingClient: keepingClient)
        outcome.notes = notes.lines.map { "merchant-lookup: " + TerminalText.sanitized($0, keepingNewlines: false) }
        return outcome
    }

    /// Prints `outcome` as the executable does: its output on `streams.output` (when that cannot be written,
    /// one line on `streams.error` and ``ExitCode/outputFailed``), then its notes and its error line on
    /// `streams.error`. Returns the exit status.
    public static func deliver(_ outcome: Outcome, to streams: StandardStreams) -> Int32 {
        // An output file past the file-size limit fails the write (74) instead of killing the process.
        SignalExit.failWritesPastTheFileSizeLimit()
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
    /// Built once per process: the executable parses twice (``answerWithoutCommand(arguments:streams:)``
    /// first, then ``run(arguments:environment:streams:criticalSections:)``).
    static let declaredOptions: [OptionSpec] = {
        var declared = commonOptions
        var names = Set(declared.map(\.name))
        for command in commands {
            for option in command.options where names.insert(option.name).inserted {
                declared.append(option)
            }
        }
        return declared
    }()

    /// The options every command accepts, which open ``declaredOptions``.
    static let commonOptions = GlobalOptions.all + [HelpOptions.man.spec]

    /// What command lines are parsed against: ``commonOptions`` at once, ``declaredOptions`` when needed.
    static let optionTable = OptionTable(common: commonOptions, all: { declaredOptions })

    /// Answers at once, without running a command, what needs none: `--version`, help, and a command line
    /// that is wrong (a usage error). Nil when a command must run: ``run(arguments:environment:streams:criticalSections:)``
    /// does that (and answers these the same way). The executable asks this first, so that the answers that
    /// need no command start no threads and install no signal handlers.
    public static func answerWithoutCommand(arguments: [String], streams: StandardStreams = .process) -> Outcome? {
        let parsed = ParsedArguments(arguments, table: optionTable)
        let json = parsed[GlobalOptions.json]
        do {
            guard case .answer(let text) = try route(parsed, width: streams.output.width ?? 80) else { return nil }
            return success(text, json: json)
        } catch {
            return failure(error, json: json)
        }
    }

    private static func outcome(
        _ parsed: ParsedArguments, environment: [String: String], streams: StandardStreams,
        criticalSections: CriticalSections, notes: NoteCollector, keepingClient: Bool
    ) async -> Outcome {
        let sink = OutputSink(writer: { streams.output.write($0) })
        // Read even from a line that has a mistake: `--json` after it still asks for the error as JSON.
        let json = parsed[GlobalOptions.json]
        do {
            let (returned, client) = try await dispatch(
                parsed, environment: environment, streams: streams, criticalSections: criticalSections, notes: notes,
                output: sink)
            var outcome = success(returned, json: json)
            if keepingClient { outcome.client = client }
            return outcome
        } catch {
            return failure(error, json: json)
        }
    }

    /// What a command (or an answer without one) printed, as an outcome.
    private static func success(_ output: String, json: Bool) -> Outcome {
        Outcome(output: json ? output : TerminalText.sanitized(output), error: nil, exitCode: .ok)
    }

    /// `error` as an outcome: its line on stderr (or as JSON on stdout with `--json`) and its exit code.
    private static func failure(_ error: CLIError, json: Bool) -> Outcome {
        if error.alreadyPrinted { return Outcome(output: "", error: nil, exitCode: error.code) }
        if let output = error.output {
            let line =
                error.message.isEmpty ? nil : "merchant-lookup: " + TerminalText.sanitized(error.line, keepingNewlines: false)
            return Outcome(output: json ? output : TerminalText.sanitized(output), error: line, exitCode: error.code)
        }
        if json {
            return Outcome(
                output: JSONDocument.object([("error", .object(error.jsonMembers))]).serialized() + "\n", error: nil,
                exitCode: error.code)
        }
        let line = TerminalText.sanitized(error.line, keepingNewlines: false)
        return Outcome(output: "", error: "merchant-lookup: " + line, exitCode: error.code)
    }

    /// Where a command line goes: an answer given without running a command, or the command to run.
    private enum Route {
        case answer(String)
        case command(any CLICommand.Type)
    }

    /// Routes `parsed`: `--version`, help and group listings are answered here, a wrong command line throws
    /// its usage error, and anything else names the command to run. Synchronous: nothing here waits.
    private static func route(_ parsed: ParsedArguments, width: Int) throws(CLIError) -> Route {
        if let failure = parsed.failure { throw failure }
        if parsed[GlobalOptions.version] || parsed.positionals == ["version"] {
            let providers = GiftCardProvider.allCases.map(\.displayName)
            guard !parsed[GlobalOptions.json] else {
                let document = JSONDocument.object([
                    ("version", .string(version)), ("providers", .array(providers.map(JSONDocument.string))),
                ])
                return .answer(document.serialized() + "\n")
            }
            return .answer("merchant-lookup \(version) (providers: \(providers.joinedText(separator: ", ")))\n")
        }
        if parsed.positionals.first == "help" {
            let words = Array(parsed.positionals.dropFirst())
            if parsed[HelpOptions.man] { return .answer(ManPage.text(commands: commands, version: version)) }
            if words.isEmpty { return .answer(help(for: nil, width: width)) }
            if words == ["help"] { return .answer(helpOfHelp) }
            if let command = commands.first(where: { $0.words == words }) { return .answer(help(for: command, width: width)) }
            if let group = groupHelp(words) { return .answer(group) }
            throw unknownCommand(words)
        }
        let command = commands.first { parsed.positionals.starts(with: $0.words) }
        if parsed.positionals.isEmpty {
            guard parsed[GlobalOptions.help] else {
                throw CLIError.usage("no command given", output: help(for: nil, width: width))
            }
            return .answer(help(for: nil, width: width))
        }
        guard let command else {
            // A group alone (`auth`, `db`): its commands; with --help, as help does.
            if let group = groupHelp(parsed.positionals) {
                if parsed[GlobalOptions.help] { return .answer(group) }
                throw CLIError.usage("`\(parsed.positionals.joined(separator: " "))` needs one of its commands", output: group)
            }
            throw unknownCommand(parsed.positionals)
        }
        if parsed[GlobalOptions.help] { return .answer(help(for: command, width: width)) }
        if parsed[HelpOptions.man] { throw .usage("--man goes with help: `merchant-lookup help --man`") }
        let allowed = Set((GlobalOptions.all + command.options).map(\.name))
        if let stray = parsed.givenOptions.subtracting(allowed).sorted().first {
            throw .usage("\(stray) does not apply to `\(command.words.joined(separator: " "))`")
        }
        if parsed.positionals.count - command.words.count > command.maximumOperands {
            throw .usage("too many arguments for `\(command.words.joined(separator: " "))`")
        }
        return .command(command)
    }

    private static func dispatch(
        _ parsed: ParsedArguments, environment: [String: String], streams: StandardStreams,
        criticalSections: CriticalSections, notes: NoteCollector, output: OutputSink
    ) async throws(CLIError) -> (output: String, client: DashSpendClient?) {
        let command: any CLICommand.Type
        switch try route(parsed, width: streams.output.width ?? 80) {
        case .answer(let text): return (text, nil)
        case .command(let routed): command = routed
        }
        let invocation = try Invocation(
            arguments: parsed, environment: environment, streams: streams, ordersAccess: command.ordersAccess(parsed),
            criticalSections: criticalSections, output: output)
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
                if let damaged = invocation.damagedOrderDatabase {
                    notes.add(
                        "the orders database \(damaged) is damaged; it is left as it is: `merchant-lookup orders` "
                            + "salvages what it holds and sets it aside")
                }
            }
        }
        return (try await command.run(invocation), invocation.madeClient)
    }

    /// `merchant-lookup serch`: 64, naming the closest command when one is close.
    static func unknownCommand(_ words: [String]) -> CLIError {
        let typed = words.joined(separator: " ")
        let hint =
            closestCommand(to: words).map { "did you mean \($0)? see `merchant-lookup help`" } ?? "see `merchant-lookup help`"
        return CLIError("unknown command \(typed)", code: .usage, hint: hint, name: "usage")
    }

    /// The command closest to the words typed, or nil when none is close. Only as many words as a command
    /// has are compared with it (the rest are its arguments: `auth logn ctx` is `auth login` with `ctx`, not
    /// a longer misspelling of `auth logout`); commands of more words are tried first, and a command typed in
    /// another case (`Search home`) is that command.
    static func closestCommand(to words: [String]) -> String? {
        let names: [[String]] = commands.map { $0.words } + [["help"], ["version"]]
        let longest = names.map(\.count).max() ?? 1
        for count in stride(from: min(words.count, longest), through: 1, by: -1) {
            let typed = words.prefix(count).joined(separator: " ")
            let candidates = names.filter { $0.count == count }.map { $0.joined(separator: " ") }
            if let same = candidates.first(where: { NameMatching.folded($0) == NameMatching.folded(typed) }) {
                return same
            }
            if let closest = NameMatching.suggestions(for: typed, among: candidates, limit: 1).first { return closest }
        }
        return nil
    }

    /// The commands of the group `words` names (`auth` → `auth login`, `auth verify`, …); nil when no command
    /// starts with them.
    static func groupHelp(_ words: [String]) -> String? {
        let members = commands.filter { $0.words.count > words.count && $0.words.starts(with: words) }
        guard !members.isEmpty else { return nil }
        let group = words.joined(separator: " ")
        return """
            usage: merchant-lookup \(group) COMMAND [OPTIONS]

            commands:
            \(commandList(members))
            `merchant-lookup help \(group) COMMAND` shows the options of one.

            """
    }

    /// `merchant-lookup help help`.
    static let helpOfHelp = """
        usage: merchant-lookup help [COMMAND]
               merchant-lookup help GROUP
               merchant-lookup COMMAND --help

        Without a command: what the tool does, every command, the global options and the exit codes. With a
        command: its usage and its own options. With a group (auth, db): its commands.

        """

    /// The help of `command` (`COMMAND --help` and `help COMMAND` print the same): its usage, summary and own
    /// options; or, without one, of the tool, with the global options and exit codes, said once here. Option
    /// help wraps at `width` columns.
    static func help(for command: (any CLICommand.Type)?, width: Int = 80) -> String {
        if let command {
            var text = "usage: \(command.usage)\n\n\(command.summary)\n"
            if !command.options.isEmpty { text += "\noptions:\n" + optionLines(command.options, width: width) }
            return text + "\nglobal options and exit codes: `merchant-lookup help`\n"
        }
        return """
            merchant-lookup \(version): which merchants sell Dash gift cards, through which provider, at what discount

            usage: merchant-lookup COMMAND [OPTIONS]
                   merchant-lookup help COMMAND
                   merchant-lookup help --man

            commands:
            \(commandList(commands))
              help [COMMAND]  this help, or a command's
              version         the version and the providers compiled in

            \(globalHelp(width: width))
            """
    }

    /// Two spaces, the command's words padded to the longest, its summary: one line each.
    static func commandList(_ listed: [any CLICommand.Type]) -> String {
        let width = (listed.map { $0.words.joined(separator: " ").count }.max() ?? 0) + 2
        return listed.map { "  " + OutputFormat.pad($0.words.joined(separator: " "), width) + $0.summary }
            .joined(separator: "\n")
    }

    /// One entry per listed option: its synopsis, padded, then its help, wrapped at `width` columns with the
    /// continuation lines under the help's first column.
    static func optionLines(_ options: [OptionSpec], width: Int = 80) -> String {
        let listed = options.filter(\.listed)
        let column = max(22, (listed.map(\.synopsis.count).max() ?? 0) + 2)
        return listed.map { option in
            let lines = wrapped(option.help, width: max(20, width - column - 2))
            let indent = String(repeating: " ", count: column + 2)
            return "  " + OutputFormat.pad(option.synopsis, column) + lines.joined(separator: "\n" + indent) + "\n"
        }.joined()
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func globalHelp(width: Int = 80) -> String {
        "global options (before or after the command):\n" + optionLines(GlobalOptions.all, width: width) + "\n"
            + ExitCode.helpText
    }
}
