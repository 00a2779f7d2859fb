import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup providers`: the providers compiled into this build.
enum ProvidersCommand: CLICommand {
    static let words = ["providers"]
    static let usage = "merchant-lookup providers [--json]"
    static let summary = "the gift-card providers compiled into this build"
    static let options: [OptionSpec] = []
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        if invocation.json {
            let items = GiftCardProvider.allCases.map { provider in
                JSONDocument.object([("id", .string(provider.id)), ("name", .string(provider.displayName))])
            }
            return JSONDocument.object([("providers", .array(items))]).serialized() + "\n"
        }
        let rows = GiftCardProvider.allCases.map { provider in
            [provider.id, provider.displayName, provider.info.baseURL(for: .mainnet).absoluteString]
        }
        return OutputFormat.table(["ID", "NAME", "API"], rows)
    }
}
