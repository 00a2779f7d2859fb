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
    /// per-request time-out (`--timeout`, default the wallets' 20 s).
    static func factory(_ invocation: Invocation) throws(CLIError) -> RepositoryFactory {
        let overrides = try baseURLOverrides(invocation)
        let network = try invocation.network()
        let timeout = try timeout(invocation)
        let configuration = RepositoryConfiguration(
            network: network, baseURLOverrides: overrides,
            credentials: FileCredentialStore(root: invocation.stateDirectory),
            transport: URLSessionTransport(), timeout: timeout
        )
        return RepositoryFactory(configuration: configuration)
    }

    /// The merchant service over `database`, with the offer cache in the state directory when it can be
    /// opened (a read-only or shared home only loses the cache; a FIFO or device in its place is an error).
    /// Unless offline, every provider's credentials file is read first: a damaged one fails the command (65).
    static func service(_ invocation: Invocation, database: ExploreDatabase) throws(CLIError) -> MerchantService {
        let network = try invocation.network()
        let folder = invocation.stateDirectory + "/" + network.rawValue
        var cache: (any OfferCache)?
        let cachePath = folder + "/offers.sqlite"
        if let refusal = RegularFile.refusal(cachePath) {
            throw CLIError("cannot use the offer cache \(cachePath) (\(refusal)): remove it", code: .dataError)
        }
        if (try? PrivateDirectory.prepareStateFolder(folder)) != nil {
            cache = try? SQLiteOfferCache(path: cachePath)
        }
        var repositories: [GiftCardProvider: any DashSpendRepository] = [:]
        if !invocation.offline {
            let factory = try factory(invocation)
            // A damaged credentials file is reported (65), not taken for "not signed in".
            for provider in GiftCardProvider.allCases { try AuthSupport.storedCredentials(factory, provider) }
            repositories = factory.makeRepositories()
        }
        return MerchantService(
            database: database, repositories: repositories, cache: cache,
            country: invocation.arguments.value("--country"))
    }

    /// `--timeout SECONDS` (0.1 to 600, default the wallets' 20), validated before any command runs, so a
    /// bad value is a usage error whatever the command, even one that never uses the network.
    static func timeout(_ invocation: Invocation) throws(CLIError) -> Double {
        try invocation.arguments.number("--timeout", in: 0.1...600) ?? 20
    }

    /// The `--<id>-url` options, validated: http(s) URLs, plain http only to this machine (stored tokens
    /// go there): a host that is `localhost` or parses as a loopback address (see ``isLoopbackHost(_:)``),
    /// checked on the text alone, before any name is looked up. Called before any command runs, so a bad
    /// URL is a usage error whatever the command.
    static func baseURLOverrides(_ invocation: Invocation) throws(CLIError) -> [GiftCardProvider: URL] {
        var overrides: [GiftCardProvider: URL] = [:]
        for provider in GiftCardProvider.allCases {
            let option = urlOption(provider)
            guard let raw = invocation.arguments.value(option) else { continue }
            guard let url = URL(string: raw.hasSuffix("/") ? raw : raw + "/"), url.scheme == "http" || url.scheme == "https",
                let host = url.host
            else { throw .usage("\(option) must be an http(s) URL, not \(raw)") }
            guard url.scheme == "https" || isLoopbackHost(host) else {
                throw .usage("\(option) must use https (plain http is allowed for localhost only), not \(raw)")
            }
            overrides[provider] = url
        }
        return overrides
    }

    /// Whether `host` is exactly `localhost` (any case) or an address literal on the loopback interface:
    /// an IPv4 dotted quad (parsed strictly by `inet_pton`: no `127.1`, no octal) in 127.0.0.0/8, or `::1`
    /// (with or without brackets). A name such as `127.evil.example` is not, whatever it resolves to.
    static func isLoopbackHost(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: &ipv6) { Array($0) } == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// The `--<id>-url` option of `provider`.
    static func urlOption(_ provider: GiftCardProvider) -> String { "--\(provider.id)-url" }

    /// `mkdir -p` with mode 0700; true when the folder exists afterwards.
    static func makeDirectories(_ path: String) -> Bool {
        (try? PrivateDirectory.create(path)) != nil
    }
}
