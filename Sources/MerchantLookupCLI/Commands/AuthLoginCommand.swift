import DashSpend

/// `merchant-lookup auth login PROVIDER --email ADDRESS`: asks the provider to e-mail a one-time code.
/// The address is remembered in the credentials file of the chosen network for `auth verify`.
enum AuthLoginCommand: CLICommand {
    static let words = ["auth", "login"]
    static let usage = "merchant-lookup auth login PROVIDER --email ADDRESS [--network NAME]"
    static let summary = "start signing in: the provider e-mails a one-time code"
    static let options = [AuthOptions.email.spec]
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        try AuthSupport.requireNetwork(invocation, words: words)
        let provider = try AuthSupport.provider(invocation, words: words)
        let email = try AuthSupport.required(AuthOptions.email, invocation, words: words)
        let network = invocation.network
        let client = try invocation.client()
        let remembered = try await invocation.perform { () async throws in
            try await client.login(provider, email: email)
        }
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("email", .string(remembered)), ("codeSent", .bool(true)),
            ]).serialized() + "\n"
        }
        return """
            \(provider.displayName) has e-mailed a one-time code to \(remembered) (\(network.rawValue)).
            Finish signing in with: merchant-lookup auth verify \(provider.id) --code CODE\(AuthSupport.networkHint(network))

            """
    }
}
