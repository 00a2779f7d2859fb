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
        // A damaged file is what logout is for: it is removed, and the output says it was damaged.
        var damaged: CLIError?
        do {
            try AuthSupport.storedCredentials(factory, provider)
        } catch {
            guard error.code == .dataError else { throw error }
            damaged = error
        }
        let wasSignedIn = await repository.isSignedIn()
        try await AuthSupport.perform { try await repository.logout() }
        if invocation.json {
            return JSONDocument.object([
                ("network", .string(network.rawValue)), ("provider", .string(provider.displayName)),
                ("signedIn", .bool(false)), ("wasSignedIn", .bool(wasSignedIn)),
                ("removedDamagedFile", .bool(damaged != nil)),
            ]).serialized() + "\n"
        }
        if damaged != nil {
            return "Removed the damaged \(provider.displayName) credentials file (\(network.rawValue)); sign in again.\n"
        }
        return wasSignedIn
            ? "Signed out of \(provider.displayName) (\(network.rawValue)).\n"
            : "Not signed in to \(provider.displayName) (\(network.rawValue)); nothing stored is left.\n"
    }
}
