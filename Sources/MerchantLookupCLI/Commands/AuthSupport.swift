import DashSpend

/// What the `auth` commands share: the provider operand, required options and the network hint.
enum AuthSupport {
    /// The provider named by the first operand after `words`, required.
    static func provider(_ invocation: Invocation, words: [String]) throws(CLIError) -> GiftCardProvider {
        guard let raw = invocation.operands(after: words.count).first, !raw.isEmpty else {
            throw .usage("`\(words.joined(separator: " "))` needs a PROVIDER (\(GiftCardProvider.idList))")
        }
        return try ValueParser.provider.read(raw, "PROVIDER")
    }

    /// Refuses `--offline` for a command that has to talk to the provider.
    static func requireNetwork(_ invocation: Invocation, words: [String]) throws(CLIError) {
        if invocation.offline {
            throw .usage("`\(words.joined(separator: " "))` talks to the provider: it cannot run with --offline")
        }
    }

    /// A required option's value, trimmed and not empty.
    static func required(_ option: Option<String>, _ invocation: Invocation, words: [String]) throws(CLIError) -> String {
        guard let value = invocation[option], !value.isEmpty else {
            throw .usage("`\(words.joined(separator: " "))` needs \(option.name)")
        }
        return value
    }

    /// ` --network testnet` when not on mainnet, for the hints printed after a command.
    static func networkHint(_ network: DashSpendNetwork) -> String {
        network == .mainnet ? "" : " --network \(network.rawValue)"
    }
}
