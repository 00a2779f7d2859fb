import DashSpendCore
import DashSpendExplore
import DashSpendLocking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The front door of DashSpend: one value, built from one ``DashSpendConfiguration``, that does
/// everything an app (or the `merchant-lookup` tool) does with merchants, providers and the explore
/// database: look a merchant up by id or name with every offer resolved, search, territories, ATMs,
/// database info, sync, and signing in to the providers.
///
/// Every operation throws ``DashSpendFailure``. The explore database is opened on first use and kept
/// open while the file stays the same; a file replaced by `sync` is opened again.
public final class DashSpendClient: Sendable {
    /// What this client was built from.
    public let configuration: DashSpendConfiguration
    /// The repositories' configuration (network, validated base URLs, credentials, transport, time-out).
    public let repositoryConfiguration: RepositoryConfiguration
    private let opened = Locked<[String: OpenedDatabase]>([:])
    private let services = Locked<[String: MerchantService]>([:])
    private let state = Locked<StateDatabase?>(nil)
    /// The one loader of live answers: every service this client makes (one per version of the database
    /// file) shares its deduplication of requests in flight and its bound on requests per provider.
    let loader: LiveAnswerLoader
    /// The repositories exchange rates are asked through, made on first use (none offline): one set per
    /// client, so a sign-in refreshed by one ask serves the next.
    let rateRepositories = Locked<[GiftCardProvider: any DashSpendRepository]?>(nil)

    /// A database opened for a set of providers, and the version of the file it was opened from.
    private struct OpenedDatabase: Sendable {
        let fileKey: String?
        let database: ExploreDatabase
    }

    /// Creates a client; fails when a provider base URL is not usable or the bound on requests per provider
    /// is below 1 (``DashSpendFailure/Kind/invalidRequest``).
    ///
    /// - Throws: ``DashSpendFailure``.
    public init(configuration: DashSpendConfiguration) throws {
        self.configuration = configuration
        let bound = configuration.maxConcurrentRequestsPerProvider
        guard bound >= 1 else {
            throw DashSpendFailure(
                .invalidRequest,
                "at most \(bound) requests per provider at a time would never ask a provider: the bound must be at least 1")
        }
        loader = LiveAnswerLoader(
            timeToLive: LiveAnswerLoader.defaultTimeToLive, now: configuration.now, maxConcurrentRequestsPerProvider: bound)
        var overrides: [GiftCardProvider: URL] = [:]
        for (provider, raw) in configuration.providerBaseURLs {
            overrides[provider] = try ProviderBaseURL.validated(raw, for: provider)
        }
        repositoryConfiguration = RepositoryConfiguration(
            network: configuration.network, baseURLOverrides: overrides,
            credentials: configuration.credentials ?? FileCredentialStore(root: configuration.stateDirectory),
            transport: configuration.transport ?? OnDemandTransport(), timeout: configuration.timeout,
            now: configuration.now, diagnostics: configuration.diagnostics,
            criticalSections: configuration.criticalSections)
    }

    /// The repository factory for this configuration.
    public var repositoryFactory: RepositoryFactory { RepositoryFactory(configuration: repositoryConfiguration) }

    // MARK: - The explore database

    /// The explore database showing the offers of `providers` (default: those offered in the country),
    /// opened (and checked with `PRAGMA quick_check` once per file version) on first use.
    package func database(providers: [GiftCardProvider]? = nil) throws(DashSpendFailure) -> ExploreDatabase {
        try opened(providers: providers).database
    }

    /// The merchant service over the database that shows every compiled-in provider (it applies the
    /// country rule itself, so it can say why a merchant is hidden).
    /// Made on first use: a search never touches the state directory.
    package func service() throws(DashSpendFailure) -> MerchantService {
        try openedService().service
    }

    /// How many callers of this client share the live request in flight for `provider`'s `sourceId`; 0 when
    /// none runs. For tests that must see a caller join a request before they let its answer through.
    package func liveCallersInFlight(_ provider: GiftCardProvider, sourceId: String) async -> Int {
        await loader.callersInFlight(provider, sourceId: sourceId)
    }

    /// ``service()`` and the database it reads, from one look at the database file (a lookup by id or name
    /// then a resolution pay for one `stat`, not two).
    package func openedService() throws(DashSpendFailure) -> (database: ExploreDatabase, service: MerchantService) {
        let entry = try opened(providers: GiftCardProvider.allCases)
        let key = entry.fileKey ?? ""
        if let service = services.withLock({ $0[key] }) { return (entry.database, service) }
        let service = try makeService(entry.database)
        services.withLock { $0 = [key: service] }
        return (entry.database, service)
    }

    private func opened(providers: [GiftCardProvider]?) throws(DashSpendFailure) -> OpenedDatabase {
        let providers = providers ?? configuration.visibleProviders
        let cacheKey = providers.map(\.id).joined(separator: ",")
        let path = try databasePath()
        let fileKey = path.flatMap(DatabaseIntegrityStamp.key)
        if let existing = opened.withLock({ $0[cacheKey] }), existing.fileKey == fileKey { return existing }
        let database: ExploreDatabase
        do {
            if let path {
                database = try ExploreDatabase(path: path, providers: providers)
                try DatabaseIntegrityStamp(stateDirectory: configuration.stateDirectory)
                    .verify(database, path: path, keyBeforeOpen: fileKey)
            } else if case .installed(let fallback?) = configuration.database {
                database = try ExploreDatabase(bytes: fallback.bytes, origin: fallback.origin, providers: providers)
            } else {
                let installed = configuration.installedDatabasePath
                throw DashSpendFailure(
                    .missingInput,
                    "no explore database for \(configuration.network.rawValue): none was synced to \(installed) and "
                        + "no fallback was given; sync first or pass a file",
                    cause: .notSynced, subject: installed)
            }
        } catch {
            throw DashSpendFailure(error)
        }
        let entry = OpenedDatabase(fileKey: fileKey, database: database)
        opened.withLock { $0[cacheKey] = entry }
        return entry
    }

    /// The file to open: the configured one, else the installed one when it exists; nil means the fallback.
    private func databasePath() throws(DashSpendFailure) -> String? {
        switch configuration.database {
        case .file(let path):
            return path
        case .installed:
            // Something there (even a broken link or a FIFO: opening it says what is wrong) is opened; only
            // "nothing was ever installed", ENOENT along the path, falls back. Any other failure to look (a
            // state folder that cannot be read, a file where a folder should be) is an error naming the path.
            let installed = configuration.installedDatabasePath
            var info = stat()
            if lstat(installed, &info) == 0 { return installed }
            if errno == ENOENT { return nil }
            throw DashSpendFailure(
                ExploreDatabaseError.cannotOpen(path: installed, reason: SystemError.message()))
        }
    }

    /// The network's state database (`<state>/<network>/state.db`), opened on first use and kept open; a
    /// damaged file found there is moved aside once (``StateDatabase/recovery``) and reported to the
    /// diagnostics. Something other than a regular file in its place is an error.
    package func stateDatabase() throws(DashSpendFailure) -> StateDatabase {
        if let open = state.withLock({ $0 }) { return open }
        let path = configuration.stateDatabasePath
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the state database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
        let opened: StateDatabase
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
            opened = try StateDatabase(path: path, network: configuration.network, now: configuration.now())
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot open the state database \(path): \(error)", cause: .stateDirectory, subject: path)
        }
        if let recovery = opened.recovery {
            configuration.diagnostics.record(DiagnosticEvent(.note, recovery.description))
        }
        return state.withLock { current in
            if let current { return current }
            current = opened
            return opened
        }
    }

    /// What was wrong with the state database file found when this client opened it, and where it was moved
    /// (a fresh one took its place); nil when it was usable or has not been opened. Tell the user once.
    public var stateDatabaseRecovery: StateDatabaseRecovery? { state.withLock { $0?.recovery } }

    /// The service over `database`, with the offer store in the network's state database when it can be
    /// opened (a read-only or shared state directory only loses stored answers, and says so to the
    /// diagnostics; a FIFO or device in the store's place is an error).
    private func makeService(_ database: ExploreDatabase) throws(DashSpendFailure) -> MerchantService {
        var cache: (any OfferCache)?
        do {
            cache = SQLiteOfferCache(database: try stateDatabase())
        } catch {
            // Something other than a regular file in the state database's place is an error; anything else
            // only loses the stored answers.
            if error.cause == .stateDirectory && error.kind == .badData { throw error }
            configuration.diagnostics.record(DiagnosticEvent(.cacheFailure, "no stored answers: \(error.message)"))
        }
        let repositories = configuration.offline ? [:] : repositoryFactory.makeRepositories()
        return MerchantService(
            database: database, repositories: repositories, cache: cache, country: configuration.normalizedCountry,
            loader: loader, now: configuration.now, diagnostics: configuration.diagnostics)
    }
}
