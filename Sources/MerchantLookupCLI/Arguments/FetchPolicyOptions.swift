import DashSpend

/// The options that choose when providers are asked (``FetchPolicy``), declared once for every command
/// that resolves merchants: `--live`, `--refresh`, `--max-age SECONDS`, and the global `--offline`.
enum FetchPolicyOptions {
    /// `--live`: network only, strict.
    static let live = OptionSpec.flag(
        "--live", help: "providers must answer live (a signed-in provider that cannot is an error)")
    /// `--refresh`: network first.
    static let refresh = OptionSpec.flag(
        "--refresh", help: "ask the providers even when a stored answer is fresh (a failure keeps it, and says so)")
    /// `--max-age SECONDS`: cache first with this max age.
    static let maxAge = OptionSpec.value(
        "--max-age", "SECONDS",
        help: "use a stored answer younger than this without asking (default: CTX 30, PiggyCards 60; 0 always asks)",
        validation: .number(0...31_536_000))

    /// The three, in help order.
    static let all = [live, refresh, maxAge]

    /// The policy the command line asks for: `--offline` cache only, `--live` network only, `--refresh`
    /// network first, else cache first (with `--max-age` when given). Two of them together are a usage error.
    static func policy(_ invocation: Invocation) throws(CLIError) -> FetchPolicy {
        let arguments = invocation.arguments
        let chosen = [
            invocation.offline ? "--offline" : nil, arguments.flag("--live") ? "--live" : nil,
            arguments.flag("--refresh") ? "--refresh" : nil, arguments.value("--max-age") != nil ? "--max-age" : nil,
        ].compactMap { $0 }
        if chosen.count > 1 {
            throw .usage("\(chosen[0]) and \(chosen[1]) cannot be used together")
        }
        if invocation.offline { return .cacheOnly }
        if arguments.flag("--live") { return .networkOnly }
        if arguments.flag("--refresh") { return .networkFirst }
        return .cacheFirst(maxAge: arguments.number("--max-age"))
    }
}
