import DashSpendCore

/// Everything a command needs from the command line and the environment, resolved once.
struct Invocation {
    let arguments: ParsedArguments
    let environment: [String: String]
    /// Where a token refresh registers as work an exit on a signal must wait for.
    var criticalSections = CriticalSections()

    /// Output as JSON.
    var json: Bool { arguments.flag("--json") }
    /// Never touch the network.
    var offline: Bool { arguments.flag("--offline") }

    /// The network (`--network`, default mainnet).
    func network() throws(CLIError) -> DashSpendNetwork {
        guard let raw = arguments.value("--network") else { return .mainnet }
        guard let network = DashSpendNetwork(rawValue: raw.lowercased()) else {
            throw .usage("--network must be mainnet or testnet, not \(raw)")
        }
        return network
    }

    /// The state directory: `--home`, `$DASHSPEND_HOME`, `$XDG_STATE_HOME/dashspend`, `~/.local/state/dashspend`.
    var stateDirectory: String {
        StateDirectory.resolve(home: arguments.value("--home"), environment: environment)
    }

    /// The command's operands (after the command words).
    func operands(after words: Int) -> [String] { Array(arguments.positionals.dropFirst(words)) }

    /// A provider named by `--provider`.
    func provider() throws(CLIError) -> GiftCardProvider? {
        guard let raw = arguments.value("--provider") else { return nil }
        guard let provider = GiftCardProvider(id: raw) else {
            let known = GiftCardProvider.allCases.map(\.id).joined(separator: ", ")
            throw .usage("unknown provider \(raw): this build has \(known)")
        }
        return provider
    }

    /// The compiled-in providers offered in `--country` (all of them when no country is given: the apps
    /// fail open when the country is unknown).
    var visibleProviders: [GiftCardProvider] {
        guard let country = arguments.value("--country")?.uppercased() else { return GiftCardProvider.allCases }
        return GiftCardProvider.allCases.filter { !$0.info.blockedCountries.contains(country) }
    }
}
