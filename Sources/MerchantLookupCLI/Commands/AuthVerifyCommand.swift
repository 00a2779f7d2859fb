import DashSpend
import DashSpendCore

/// `merchant-lookup auth verify PROVIDER [--code CODE|-]`: completes the sign-in started by `auth login`
/// and stores the credentials (mode 0600) in the state directory of the chosen network. The code comes
/// from `--code`, from standard input (`--code -`) or from a prompt on the terminal (see
/// ``OneTimeCodeInput``); it is never printed.
enum AuthVerifyCommand: CLICommand {
    static let words = ["auth", "verify"]
    static let usage = "merchant-lookup auth verify PROVIDER [--code CODE | --code -] [--network NAME]"
    static let summary = "finish signing in with the e-mailed one-time code"
    static let valueOptions: Set<String> = ["--code"]
    static let flagOptions: Set<String> = []
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        try AuthSupport.requireNetwork(invocation, words: words)
        let provider = try AuthSupport.provider(invocation, words: words)
        let factory = try ServiceBuilder.factory(invocation)
        try AuthSupport.storedCredentials(factory, provider)
        let code = try OneTimeCodeInput.code(invocation, words: words)
        let network = factory.configuration.network
        let repository = factory.makeRepository(for: provider)
        try await AuthSupport.perform { try await repository.verify(code: code) }
        let email = await repository.email()
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("signedIn", .bool(true)), ("email", email.map { .string($0) } ?? .null),
            ]).serialized() + "\n"
        }
        return "Signed in to \(provider.displayName)\(email.map { " as \($0)" } ?? "") (\(network.rawValue)).\n"
    }
}
