import DashSpend
import DashSpendCore
import DashSpendExplore
import DashSpendHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the repositories and the merchant service from the command line.
enum ServiceBuilder {
    /// The repository factory: network, base URL overrides (`--ctx-url`, `--piggycards-url`, one per
    /// compiled-in provider), credentials in the state directory, the URLSession transport and the
    /// per-request time-out (`--timeout`, default the wallets' 20 s), and the invocation's critical sections.
    static func factory(_ invocation: Invocation) throws(CLIError) -> RepositoryFactory {
        let overrides = try baseURLOverrides(invocation)
        let network = try invocation.network()
        let timeout = try invocation.arguments.number("--timeout", in: 0.1...600) ?? 20
        let configuration = RepositoryConfiguration(
            network: network, baseURLOverrides: overrides,
            credentials: FileCredentialStore(root: invocation.stateDirectory),
            transport: URLSessionTransport(), timeout: timeout, criticalSections: invocation.criticalSections
        )
        return RepositoryFactory(configuration: configuration)
    }

    /// The merchant service over `database`, with the offer cache in the state directory when it can be
    /// opened (a read-only home only loses the cache).
    static func service(_ invocation: Invocation, database: ExploreDatabase) throws(CLIError) -> MerchantService {
        let network = try invocation.network()
        let folder = invocation.stateDirectory + "/" + network.rawValue
        var cache: (any OfferCache)?
        if makeDirectories(folder) {
            cache = try? SQLiteOfferCache(path: folder + "/offers.sqlite")
        }
        let repositories = invocation.offline ? [:] : try factory(invocation).makeRepositories()
        return MerchantService(
            database: database, repositories: repositories, cache: cache,
            country: invocation.arguments.value("--country"))
    }

    /// The `--<id>-url` options, validated: http(s) URLs, plain http only to this machine (stored tokens
    /// go there). Called before any command runs, so a bad URL is a usage error whatever the command.
    static func baseURLOverrides(_ invocation: Invocation) throws(CLIError) -> [GiftCardProvider: URL] {
        var overrides: [GiftCardProvider: URL] = [:]
        for provider in GiftCardProvider.allCases {
            let option = urlOption(provider)
            guard let raw = invocation.arguments.value(option) else { continue }
            guard let url = URL(string: raw.hasSuffix("/") ? raw : raw + "/"), url.scheme == "http" || url.scheme == "https",
                let host = url.host
            else { throw .usage("\(option) must be an http(s) URL, not \(raw)") }
            let local = ["localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
            guard url.scheme == "https" || local else {
                throw .usage("\(option) must use https (plain http is allowed for localhost only), not \(raw)")
            }
            overrides[provider] = url
        }
        return overrides
    }

    /// The `--<id>-url` option of `provider`.
    static func urlOption(_ provider: GiftCardProvider) -> String { "--\(provider.id)-url" }

    /// `mkdir -p` with mode 0700; true when the folder exists afterwards.
    static func makeDirectories(_ path: String) -> Bool {
        (try? PrivateDirectory.create(path)) != nil
    }
}
