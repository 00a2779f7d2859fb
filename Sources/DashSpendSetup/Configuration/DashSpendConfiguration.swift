public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everything a ``DashSpendClient`` is built from: one value, passed in, nothing global.
///
/// The defaults are the wallets': mainnet, the synced explore database, the providers' own servers, the
/// platform's transport (URLSession on Apple platforms, libcurl on Linux) and a 20-second time-out per request.
public struct DashSpendConfiguration: Sendable {
    /// The network; credentials, cached answers and the synced database are kept per network.
    public var network: DashSpendNetwork
    /// The state directory's path (see `StateDirectory`): credentials, cached answers, the synced database.
    /// ``stateDirectoryURL`` is the same folder as a file URL.
    public var stateDirectory: String
    /// Which explore database to read.
    public var database: ExploreDatabaseLocation
    /// Base URLs that replace a provider's own (a staging server, a test server). Checked when the client
    /// is created: `https`, or plain `http` to this machine only (stored tokens are sent there).
    public var providerBaseURLs: [GiftCardProvider: String]
    /// The user's ISO country code; providers not offered there are hidden. Unknown (nil): none hidden,
    /// as the wallets do.
    public var country: String?
    /// Never use the network: lookups answer from stored and local data only.
    public var offline: Bool
    /// Seconds one provider request may take, as a whole.
    public var timeout: Double
    /// How HTTP requests are sent; nil uses the platform's transport, made on the first request (URLSession on
    /// Apple platforms; on Linux libcurl, loaded then). `sync`'s downloads go through ``downloadTransport``.
    public var transport: (any HTTPTransport)?
    /// How `sync` streams its downloads to disk; nil uses the platform's download transport, made on the
    /// first download (also when ``transport`` is set: a transport is never taken for a download transport
    /// unless it is given here).
    public var downloadTransport: (any HTTPDownloadTransport)?
    /// Where credentials are kept; nil uses a `FileCredentialStore` in ``stateDirectory``.
    public var credentials: (any CredentialStore)?
    /// The clock.
    public var now: @Sendable () -> Date
    /// Where the library reports what it does (requests, cache hits and misses, failed cache writes);
    /// silent by default.
    public var diagnostics: any DiagnosticsSink
    /// Where a token refresh and its save register as work a process exit should wait for; share one value
    /// with whatever handles the process's signals (see `CriticalSections`).
    public var criticalSections: CriticalSections
    /// The storage service's REST base URL that `gs://` sync sources are read under (default
    /// ``SyncSource/defaultStorageBaseURL``; a mirror or a test server): `https`, or plain `http` to this
    /// machine only.
    public var storageBaseURL: String = SyncSource.defaultStorageBaseURL
    /// How long a sync's download may stay silent: to connect, and between two bytes (no limit on the
    /// whole transfer, so a slow but moving download finishes).
    public var downloadTimeouts = HTTPDownloadTimeouts()
    /// The most requests the client sends to one provider at the same time, across everything it does
    /// (default ``defaultMaxConcurrentRequestsPerProvider``; at least 1, or the client cannot be created).
    /// Identical requests in flight share one call and count once.
    public var maxConcurrentRequestsPerProvider = DashSpendConfiguration.defaultMaxConcurrentRequestsPerProvider
    /// DER certificates trusted as roots of a signed payment request's certificate chain besides the system's
    /// own (a private CA, a test's root); empty by default. A request whose signature fails is not paid.
    public var paymentRequestTrustedRoots: [[UInt8]] = []
    /// How the client opens the orders database, when it is created: for writing (the default: buying,
    /// refreshing and recording orders) or only to read (a client that shows merchants and kept orders, and
    /// leaves the orders file byte for byte as it was).
    public var ordersAccess: OrdersAccess = .readWrite

    /// The default of ``maxConcurrentRequestsPerProvider``.
    public static let defaultMaxConcurrentRequestsPerProvider = 4

    /// Creates a configuration; every value but the state directory has the wallets' default.
    ///
    /// `stateDirectory` is a file URL, such as a folder in the app's Application Support directory; it is
    /// created (mode 0700) when something is first stored.
    public init(
        stateDirectory: URL,
        network: DashSpendNetwork = .mainnet,
        database: ExploreDatabaseLocation = .installed(fallback: nil),
        providerBaseURLs: [GiftCardProvider: String] = [:],
        country: String? = nil,
        offline: Bool = false,
        timeout: Double = 20,
        transport: (any HTTPTransport)? = nil,
        credentials: (any CredentialStore)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        diagnostics: any DiagnosticsSink = SilentDiagnostics(),
        criticalSections: CriticalSections = CriticalSections()
    ) {
        self.init(
            stateDirectory: stateDirectory.path, network: network, database: database,
            providerBaseURLs: providerBaseURLs, country: country, offline: offline, timeout: timeout,
            transport: transport, credentials: credentials, now: now, diagnostics: diagnostics,
            criticalSections: criticalSections)
    }

    /// Creates a configuration from the state directory's path: the same as the initializer that takes a
    /// file URL, for command-line tools and scripts.
    public init(
        stateDirectory: String,
        network: DashSpendNetwork = .mainnet,
        database: ExploreDatabaseLocation = .installed(fallback: nil),
        providerBaseURLs: [GiftCardProvider: String] = [:],
        country: String? = nil,
        offline: Bool = false,
        timeout: Double = 20,
        transport: (any HTTPTransport)? = nil,
        credentials: (any CredentialStore)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        diagnostics: any DiagnosticsSink = SilentDiagnostics(),
        criticalSections: CriticalSections = CriticalSections()
    ) {
        self.diagnostics = diagnostics
        self.criticalSections = criticalSections
        self.stateDirectory = stateDirectory
        self.network = network
        self.database = database
        self.providerBaseURLs = providerBaseURLs
        self.country = country
        self.offline = offline
        self.timeout = timeout
        self.transport = transport
        self.credentials = credentials
        self.now = now
    }

    /// The state directory as a file URL.
    public var stateDirectoryURL: URL { URL(fileURLWithPath: stateDirectory, isDirectory: true) }

    /// Where `sync` installs the explore database of this network, as a file URL.
    public var installedDatabaseURL: URL { URL(fileURLWithPath: installedDatabasePath, isDirectory: false) }

    /// The folder of this network inside the state directory.
    public var networkDirectory: String { stateDirectory + "/" + network.rawValue }

    /// Where `sync` installs the explore database of this network.
    public var installedDatabasePath: String { networkDirectory + "/explore.db" }

    /// Where this network's state database is: `<state>/<network>/state.db`.
    public var stateDatabasePath: String { networkDirectory + "/state.db" }

    /// `<stateDirectory>/<network>/orders.db`: the orders and their delivered cards, kept apart from the
    /// cache.
    public var orderDatabasePath: String { networkDirectory + "/orders.db" }

    /// The country code, trimmed and upper-cased; nil when unknown.
    public var normalizedCountry: String? {
        guard let country = country?.trimmedWhitespace, !country.isEmpty else { return nil }
        return country.uppercased()
    }

    /// The compiled-in providers offered in ``country`` (all of them when it is unknown).
    public var visibleProviders: [GiftCardProvider] {
        guard let country = normalizedCountry else { return GiftCardProvider.allCases }
        return GiftCardProvider.allCases.filter { !$0.info.blockedCountries.contains(country) }
    }

    /// Whether ``diagnostics`` listens: the words of an event that costs work to describe (a search's plan)
    /// are made only then.
    package var reportsDiagnostics: Bool { !(diagnostics is SilentDiagnostics) }
}
