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
    static let options: [OptionSpec] = []
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let client = try invocation.client()
        let rows = try await invocation.perform { () async throws in try await client.signInStatus() }
        return invocation.json ? json(rows, network: invocation.network) : text(rows, network: invocation.network)
    }

    static func json(_ rows: [SignInStatus], network: DashSpendNetwork) -> String {
        let providers = rows.map { row -> JSONDocument in
            .object([
                ("provider", .string(row.provider.displayName)),
                ("signedIn", .bool(row.signedIn)),
                ("email", row.email.map { .string($0) } ?? .null),
                ("accessTokenExpiresAt", row.accessTokenExpiresAt.map { .string(UTCTimestamp.extended($0)) } ?? .null),
            ])
        }
        return JSONDocument.object([("network", .string(network.rawValue)), ("providers", .array(providers))])
            .serialized() + "\n"
    }

    static func text(_ rows: [SignInStatus], network: DashSpendNetwork) -> String {
        let table = rows.map { row in
            [
                row.provider.displayName, row.signedIn ? "signed in" : "signed out", row.email ?? "-",
                row.accessTokenExpiresAt.map { UTCTimestamp.extended($0) } ?? "-",
            ]
        }
        return "network: \(network.rawValue)\n" + OutputFormat.table(["PROVIDER", "STATUS", "EMAIL", "TOKEN EXPIRES"], table)
    }
}
