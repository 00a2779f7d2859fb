import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup auth status`: for each provider compiled into this build, on the chosen network,
/// whether the user is signed in, the e-mail address and when the access token expires. Never a token,
/// password or code.
enum AuthStatusCommand: CLICommand {
    static let words = ["auth", "status"]
    static let usage = "merchant-lookup auth status [--network NAME] [--json]"
    static let summary = "which providers you are signed in to"
    static let valueOptions: Set<String> = []
    static let flagOptions: Set<String> = []
    static let maximumOperands = 0

    /// One provider's row.
    struct Row {
        let provider: GiftCardProvider
        let signedIn: Bool
        let email: String?
        let accessTokenExpiresAt: Date?
    }

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let factory = try ServiceBuilder.factory(invocation)
        let configuration = factory.configuration
        var rows: [Row] = []
        for provider in GiftCardProvider.allCases {
            // Read the file first so that a damaged one is reported (65) instead of shown as signed out.
            let stored = try await AuthSupport.perform {
                try configuration.credentials.load(provider, network: configuration.network)
            }
            let signedIn = await factory.makeRepository(for: provider).isSignedIn()
            let expiry = signedIn ? stored.flatMap(AccessTokenExpiry.date(of:)) : nil
            rows.append(Row(provider: provider, signedIn: signedIn, email: stored?.email, accessTokenExpiresAt: expiry))
        }
        return invocation.json ? json(rows, network: configuration.network) : text(rows, network: configuration.network)
    }

    static func json(_ rows: [Row], network: DashSpendNetwork) -> String {
        let providers = rows.map { row -> JSONDocument in
            .object([
                ("provider", .string(row.provider.displayName)),
                ("signedIn", .bool(row.signedIn)),
                ("email", row.email.map { .string($0) } ?? .null),
                ("accessTokenExpiresAt", row.accessTokenExpiresAt.map { .string($0.formatted(.iso8601)) } ?? .null),
            ])
        }
        return JSONDocument.object([("network", .string(network.rawValue)), ("providers", .array(providers))])
            .serialized() + "\n"
    }

    static func text(_ rows: [Row], network: DashSpendNetwork) -> String {
        let table = rows.map { row in
            [
                row.provider.displayName, row.signedIn ? "signed in" : "signed out", row.email ?? "-",
                row.accessTokenExpiresAt.map { $0.formatted(.iso8601) } ?? "-",
            ]
        }
        return "network: \(network.rawValue)\n" + OutputFormat.table(["PROVIDER", "STATUS", "EMAIL", "TOKEN EXPIRES"], table)
    }
}
