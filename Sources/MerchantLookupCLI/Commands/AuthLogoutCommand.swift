import DashSpend

/// `merchant-lookup auth logout PROVIDER`: forgets the stored credentials of the chosen network. Works
/// without the network, and also removes a damaged credentials file.
enum AuthLogoutCommand: CLICommand {
    static let words = ["auth", "logout"]
    static let usage = "merchant-lookup auth logout PROVIDER [--network NAME]"
    static let summary = "sign out: forget the stored credentials"
    static let options: [OptionSpec] = []
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let provider = try AuthSupport.provider(invocation, words: words)
        let network = invocation.network
        let client = try invocation.client()
        let outcome = try await invocation.perform { () async throws in
            try await client.logout(provider)
        }
        let wasSignedIn = outcome == .signedOut
        let damaged = outcome == .removedDamagedCredentials
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("signedIn", .bool(false)), ("wasSignedIn", .bool(wasSignedIn)),
                ("removedDamagedFile", .bool(damaged)),
            ]).serialized() + "\n"
        }
        if damaged {
            return "Removed the damaged \(provider.displayName) credentials file (\(network.rawValue)); sign in again.\n"
        }
        return wasSignedIn
            ? "Signed out of \(provider.displayName) (\(network.rawValue)).\n"
            : "Not signed in to \(provider.displayName) (\(network.rawValue)); nothing stored is left.\n"
    }
}
