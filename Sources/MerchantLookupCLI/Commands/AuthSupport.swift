import DashSpend
import DashSpendCore

/// What the `auth` commands share: the provider operand, the repository for it, and running a provider
/// call with its failures mapped to exit codes.
enum AuthSupport {
    /// The provider named by the first operand after `words`, required.
    static func provider(_ invocation: Invocation, words: [String]) throws(CLIError) -> GiftCardProvider {
        let known = GiftCardProvider.allCases.map(\.id).joined(separator: ", ")
        guard let raw = invocation.operands(after: words.count).first, !raw.isEmpty else {
            throw .usage("`\(words.joined(separator: " "))` needs a PROVIDER (\(known))")
        }
        guard let provider = GiftCardProvider(id: raw) else {
            throw .usage("unknown provider \(raw): this build has \(known)")
        }
        return provider
    }

    /// Refuses `--offline` for a command that has to talk to the provider.
    static func requireNetwork(_ invocation: Invocation, words: [String]) throws(CLIError) {
        if invocation.offline {
            throw .usage("`\(words.joined(separator: " "))` talks to the provider: it cannot run with --offline")
        }
    }

    /// A required option's value, trimmed and not empty.
    static func required(_ option: String, _ invocation: Invocation, words: [String]) throws(CLIError) -> String {
        guard let value = invocation.arguments.value(option)?.trimmedWhitespace, !value.isEmpty else {
            throw .usage("`\(words.joined(separator: " "))` needs \(option)")
        }
        return value
    }

    /// Runs a provider call; its failures become the documented exit codes (see ``CLIError``).
    static func perform<T>(_ body: () async throws -> T) async throws(CLIError) -> T {
        do {
            return try await body()
        } catch {
            throw CLIError(anyError: error)
        }
    }

    /// The stored credentials of `provider`, read so that a damaged or unreadable file is reported (65)
    /// instead of being taken for "not signed in".
    @discardableResult
    static func storedCredentials(_ factory: RepositoryFactory, _ provider: GiftCardProvider) throws(CLIError)
        -> ProviderCredentials?
    {
        let configuration = factory.configuration
        do {
            return try configuration.credentials.load(provider, network: configuration.network)
        } catch {
            throw CLIError(anyError: error)
        }
    }

    /// ` --network testnet` when not on mainnet, for the hints printed after a command.
    static func networkHint(_ network: DashSpendNetwork) -> String {
        network == .mainnet ? "" : " --network \(network.rawValue)"
    }
}
