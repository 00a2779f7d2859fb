import DashSpend
import DashSpendCore

/// `merchant-lookup auth logout PROVIDER`: forgets the stored credentials of the chosen network. Works
/// without the network, and also removes a damaged credentials file.
enum AuthLogoutCommand: CLICommand {
    static let words = ["auth", "logout"]
    static let usage = "merchant-lookup auth logout PROVIDER [--network NAME]"
    static let summary = "sign out: forget the stored credentials"
    static let valueOptions: Set<String> = []
    static let flagOptions: Set<String> = []
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let provider = try AuthSupport.provider(invocation, words: words)
        let factory = try ServiceBuilder.factory(invocation)
        let network = factory.configuration.network
        let repository = factory.makeRepository(for: provider)
        let wasSignedIn = await repository.isSignedIn()
        try await AuthSupport.perform { try await repository.logout() }
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("signedIn", .bool(false)), ("wasSignedIn", .bool(wasSignedIn)),
            ]).serialized() + "\n"
        }
        return wasSignedIn
            ? "Signed out of \(provider.displayName) (\(network.rawValue)).\n"
            : "Not signed in to \(provider.displayName) (\(network.rawValue)); nothing stored is left.\n"
    }
}
