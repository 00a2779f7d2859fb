import DashSpend

/// `merchant-lookup auth verify PROVIDER [--code CODE|-]`: completes the sign-in started by `auth login`
/// and stores the credentials (mode 0600) in the state directory of the chosen network. The code comes
/// from `--code`, from standard input (`--code -`) or from a prompt on the terminal (see
/// ``OneTimeCodeInput``); it is never printed.
enum AuthVerifyCommand: CLICommand {
    static let words = ["auth", "verify"]
    static let usage = "merchant-lookup auth verify PROVIDER [--code CODE | --code -] [--network NAME]"
    static let summary = "finish signing in with the e-mailed one-time code"
    static let options = [AuthOptions.code.spec]
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        try AuthSupport.requireNetwork(invocation, words: words)
        let provider = try AuthSupport.provider(invocation, words: words)
        let network = invocation.network
        try OneTimeCodeInput.requireSource(invocation, words: words)
        let client = try invocation.client()
        // No sign-in started, an unsafe state directory or a damaged credentials file is reported before a
        // code is asked for (on a terminal, a prompt) or sent.
        try await invocation.perform { () async throws in try await client.checkVerifiable(provider) }
        let code = try OneTimeCodeInput.code(invocation, words: words)
        let email = try await invocation.perform { () async throws in
            try await client.verify(provider, code: code)
        }
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("signedIn", .bool(true)), ("email", email.map { .string($0) } ?? .null),
            ]).serialized() + "\n"
        }
        return "Signed in to \(provider.displayName)\(email.map { " as \($0)" } ?? "") (\(network.rawValue)).\n"
    }
}
