import DashSpendCore

/// The `merchant-lookup` command line: parses arguments, runs one command, and says what to print and
/// which exit code to use. The executable is a thin `@main` over ``run(arguments:environment:)``.
public enum MerchantLookup {
    /// The tool's version.
    public static let version = "0.1.0"

    /// What a run produced.
    public struct Outcome: Sendable {
        /// Text for stdout.
        public let output: String
        /// One line for stderr, when the command failed.
        public let error: String?
        /// The exit code.
        public let exitCode: ExitCode
    }

    static var commands: [any CLICommand.Type] {
        [
            ProvidersCommand.self, SearchCommand.self, ShowCommand.self, TerritoriesCommand.self, ATMsCommand.self,
            DatabaseInfoCommand.self, AuthLoginCommand.self, AuthVerifyCommand.self, AuthStatusCommand.self,
            AuthLogoutCommand.self, SyncCommand.self,
        ]
    }

    static var globalValueOptions: Set<String> {
        Set(["--db", "--network", "--home", "--country", "--timeout"] + GiftCardProvider.allCases.map(ServiceBuilder.urlOption))
    }
    static let globalFlags: Set<String> = ["--json", "--offline", "--help", "--version"]

    /// Runs the command line `arguments` (without the program name).
    ///
    /// Text output and error lines are made safe for a terminal (control characters from the database or a
    /// server are escaped); JSON output escapes them itself. A token refresh runs as one of
    /// `criticalSections`, for a caller that exits on signals (see ``CriticalSections``).
    public static func run(
        arguments: [String], environment: [String: String], criticalSections: CriticalSections = CriticalSections()
    ) async -> Outcome {
        do {
            let output = try await dispatch(arguments, environment: environment, criticalSections: criticalSections)
            let json = arguments.contains("--json")
            return Outcome(output: json ? output : TerminalText.sanitized(output), error: nil, exitCode: .ok)
        } catch {
            let line = TerminalText.sanitized(error.message, keepingNewlines: false)
            return Outcome(output: "", error: "merchant-lookup: " + line, exitCode: error.code)
        }
    }

    private static func dispatch(
        _ arguments: [String], environment: [String: String], criticalSections: CriticalSections
    ) async throws(CLIError) -> String {
        // Every command's options are parsed; the chosen command then rejects those that are not its own.
        let commandValueOptions = commands.reduce(into: Set<String>()) { $0.formUnion($1.valueOptions) }
        let commandFlags = commands.reduce(into: Set<String>()) { $0.formUnion($1.flagOptions) }
        let parsed = try ParsedArguments(
            arguments, valueOptions: globalValueOptions.union(commandValueOptions),
            flagOptions: globalFlags.union(commandFlags))
        if parsed.flag("--version") {
            let providers = GiftCardProvider.allCases.map(\.displayName).joined(separator: ", ")
            return "merchant-lookup \(version) (providers: \(providers))\n"
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
        let allowed = globalValueOptions.union(globalFlags).union(command.options)
        if let stray = parsed.givenOptions.subtracting(allowed).sorted().first {
            throw .usage("\(stray) does not apply to `\(command.words.joined(separator: " "))`")
        }
        if parsed.positionals.count - command.words.count > command.maximumOperands {
            throw .usage("too many arguments for `\(command.words.joined(separator: " "))`")
        }
        let invocation = Invocation(arguments: parsed, environment: environment, criticalSections: criticalSections)
        _ = try ServiceBuilder.baseURLOverrides(invocation)
        return try await command.run(invocation)
    }

    static func help(for command: (any CLICommand.Type)?) -> String {
        if let command {
            return "usage: \(command.usage)\n\n\(command.summary)\n\n" + globalHelp
        }
        let width = (commands.map { $0.words.joined(separator: " ").count }.max() ?? 0) + 2
        let list = commands.map { "  " + OutputFormat.pad($0.words.joined(separator: " "), width) + $0.summary }
        return """
            merchant-lookup \(version): which merchants sell Dash gift cards, through which provider, at what discount

            usage: merchant-lookup COMMAND [OPTIONS]

            commands:
            \(list.joined(separator: "\n"))

            \(globalHelp)
            """
    }

    static var globalHelp: String {
        let urlOptions = GiftCardProvider.allCases.map {
            "  " + OutputFormat.pad(ServiceBuilder.urlOption($0) + " URL", 22) + "use another \($0.displayName) API base URL"
        }
        return """
            global options (before or after the command):
              --db PATH             an explore database file (default: the synced one, else the embedded sample)
              --json                print JSON
              --offline             never use the network
              --network NAME        mainnet (default) or testnet
              --home DIR            the state directory (default: $DASHSPEND_HOME, $XDG_STATE_HOME/dashspend, ~/.local/state/dashspend)
              --country CODE        your country (ISO code); providers not offered there are hidden
              --timeout SECONDS     per-request network time-out (default 20)
            \(urlOptions.joined(separator: "\n"))
              --help, --version

            exit codes: 0 ok, 1 not found, 64 bad usage, 65 unreadable database or answer, 66 database missing,
                        69 network unavailable, 73 state directory not writable, 74 output not written,
                        77 sign-in required

            """
    }
}
