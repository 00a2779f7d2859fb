import DashSpend

/// The options that choose when providers are asked (``FetchPolicy``), declared once for every command
/// that resolves merchants: `--live`, `--refresh`, `--max-age SECONDS`, and the global `--offline`.
enum FetchPolicyOptions {
    /// `--live`: network only, strict.
    static let live = Flag(
        "--live", help: "providers must answer live (a signed-in provider that cannot is an error)", group: .fetchPolicy)
    /// `--refresh`: network first.
    static let refresh = Flag(
        "--refresh", help: "ask the providers even when a stored answer is fresh (a failure keeps it, and says so)",
        group: .fetchPolicy)
    /// `--max-age SECONDS`: cache first with this max age.
    static let maxAge = Option(
        "--max-age", "SECONDS",
        help: "use a stored answer younger than this without asking (default: CTX 30, PiggyCards 60; 0 always asks)",
        group: .fetchPolicy, parser: .number(0...31_536_000))

    /// The three, in help order.
    static let all = [live.spec, refresh.spec, maxAge.spec]

    /// The first of them given, if any: it makes `search` resolve every merchant of its page.
    static func given(_ invocation: Invocation) -> OptionSpec? {
        all.first { invocation.isGiven($0) }
    }

    /// The policy the command line asks for: `--offline` cache only, `--live` network only, `--refresh`
    /// network first, else cache first (with `--max-age` when given). Two of them together are a usage error.
    static func policy(_ invocation: Invocation) throws(CLIError) -> FetchPolicy {
        let chosen = ([GlobalOptions.offline.spec] + all).filter { invocation.isGiven($0) }.map(\.name)
        if chosen.count > 1 {
            throw .usage("\(chosen[0]) and \(chosen[1]) cannot be used together")
        }
        if invocation.offline { return .cacheOnly }
        if invocation[live] { return .networkOnly }
        if invocation[refresh] { return .networkFirst }
        return .cacheFirst(maxAge: invocation[maxAge])
    }
}
