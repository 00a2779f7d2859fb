import DashSpend

/// The options every command accepts, before or after the command words.
enum GlobalOptions {
    /// `--network NAME`: mainnet (default) or testnet.
    static let network = Option(
        "--network", "NAME", help: "mainnet (default) or testnet", group: .global, parser: .network)
    /// `--db PATH`: an explore database file instead of the synced one.
    static let database = Option(
        "--db", "PATH", help: "an explore database file (default: the synced one, else the embedded sample)",
        group: .global, parser: .text(.file))
    /// `--state-dir DIR` (the old `--home` still works).
    static let stateDirectory = Option(
        "--state-dir", "DIR", aliases: ["--home"],
        help: "the state directory (default: $DASHSPEND_HOME, $XDG_STATE_HOME/dashspend, ~/.local/state/dashspend)",
        group: .global, parser: .text(.directory))
    /// `--country CODE`.
    static let country = Option(
        "--country", "CODE",
        help:
            "your country (ISO 3166-1 alpha-2 code such as US, default $DASHSPEND_COUNTRY); providers not offered there are hidden",
        group: .global, parser: .countryCode)
    /// `--timeout SECONDS`: each provider request's time-out.
    static let timeout = Option(
        "--timeout", "SECONDS", help: "per-request network time-out (default 20)", group: .global,
        parser: .number(0.1...600))
    /// `--concurrency N`: requests to one provider at the same time.
    static let concurrency = Option(
        "--concurrency", "N",
        help:
            "at most N requests to each provider at the same time (default \(DashSpendConfiguration.defaultMaxConcurrentRequestsPerProvider))",
        group: .global, parser: .integer(1...64))
    /// `--<id>-url URL` of each provider compiled in.
    static let providerURLs: [GiftCardProvider: Option<String>] = Dictionary(
        uniqueKeysWithValues: GiftCardProvider.allCases.map { provider in
            (
                provider,
                Option(
                    Invocation.urlOption(provider), "URL", help: "use another \(provider.displayName) API base URL",
                    group: .global, parser: .text(.url))
            )
        })
    /// `--offline`: never use the network.
    static let offline = Flag("--offline", help: "never use the network", group: .global)
    /// `--json`: print JSON, errors included.
    static let json = Flag(
        "--json", help: "print JSON (errors too: {\"error\":{\"code\",\"message\",\"hint\"}})", group: .global)
    /// `-v`, `--verbose`: the library's events on stderr.
    static let verbose = Flag(
        "--verbose", aliases: ["-v"],
        help: "print what the library does (database, search plan, requests, cache, sync) on stderr", group: .global)
    /// `-q`, `--quiet`: nothing on stderr but errors.
    static let quiet = Flag("--quiet", aliases: ["-q"], help: "print nothing on stderr but errors", group: .global)
    /// `-h`, `--help`.
    static let help = Flag(
        "--help", aliases: ["-h"], help: "this help; `merchant-lookup help COMMAND` is the same", group: .global)
    /// `--version`.
    static let version = Flag("--version", help: "the version and the providers compiled in", group: .global)

    /// Their declarations, in help order.
    static var all: [OptionSpec] {
        [network.spec, database.spec, stateDirectory.spec, country.spec, timeout.spec, concurrency.spec]
            + GiftCardProvider.allCases.compactMap { providerURLs[$0]?.spec }
            + [offline, json, verbose, quiet, help, version].map(\.spec)
    }
}
