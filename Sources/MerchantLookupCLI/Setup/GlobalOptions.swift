import DashSpend

/// The options every command accepts, before or after the command words.
enum GlobalOptions {
    /// Their declarations, in help order.
    static var all: [OptionSpec] {
        [
            .value(
                "--network", "NAME", help: "mainnet (default) or testnet",
                validation: .choice(DashSpendNetwork.allCases.map(\.rawValue))),
            .value(
                "--db", "PATH",
                help: "an explore database file (default: the synced one, else the embedded sample)"),
            .value(
                "--state-dir", "DIR", aliases: ["--home"],
                help: "the state directory (default: $DASHSPEND_HOME, $XDG_STATE_HOME/dashspend, ~/.local/state/dashspend)"),
            .value(
                "--country", "CODE",
                help: "your country (ISO code, default $DASHSPEND_COUNTRY); providers not offered there are hidden"),
            .value(
                "--timeout", "SECONDS", help: "per-request network time-out (default 20)", validation: .number(0.1...600)),
            .value(
                "--concurrency", "N",
                help:
                    "at most N requests to each provider at the same time (default \(DashSpendConfiguration.defaultMaxConcurrentRequestsPerProvider))",
                validation: .integer(1...64)),
        ]
            + GiftCardProvider.allCases.map { provider in
                .value(Invocation.urlOption(provider), "URL", help: "use another \(provider.displayName) API base URL")
            }
            + [
                .flag("--offline", help: "never use the network"),
                .flag("--json", help: "print JSON (errors too: {\"error\":{\"code\",\"message\",\"hint\"}})"),
                .flag("--verbose", aliases: ["-v"], help: "print what the library does (requests, cache) on stderr"),
                .flag("--quiet", aliases: ["-q"], help: "print nothing on stderr but errors"),
                .flag("--help", aliases: ["-h"], help: "this help; `merchant-lookup help COMMAND` is the same"),
                .flag("--version", help: "the version and the providers compiled in"),
            ]
    }
}
