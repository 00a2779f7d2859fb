import DashSpendCore
import DashSpendExplore
import DashSpendLocking
import DashSpendSQLite

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

/// What every service of one ``DashSpendClient`` shares: its configuration, the repositories' configuration
/// (credentials, transport, clock, diagnostics), the providers made once by the ``RepositoryFactory``, the
/// one loader of live answers, the explore database, the state database and the orders database, each
/// opened on first use and kept open.
///
/// The client is its composition root: it makes one environment and hands it to each service
/// (`MerchantService`, ``PurchaseService``, ``ExchangeRates``, ``Accounts``, ``ExploreSync``).
final class DashSpendEnvironment: Sendable {
    /// What the client was built from.
    let configuration: DashSpendConfiguration
    /// The repositories' configuration (network, validated base URLs, credentials, transport, time-out).
    let repositoryConfiguration: RepositoryConfiguration
    /// The explore databases opened, by the providers each shows (keyed by the array itself: joining their ids
    /// into a string called the generic `joined(separator:)`, which has the runtime scan every conformance).
    private let opened = Locked<[[GiftCardProvider]: OpenedDatabase]>([:])
    private let services = Locked<[String: MerchantService]>([:])
    private let state = Locked<StateDatabase?>(nil)
    private let openOrders = Locked<OrderDatabase?>(nil)
    /// The one loader of live answers: every service this client makes (one per version of the database
    /// file) shares its deduplication of requests in flight and its bound on requests per provider.
    let loader: LiveAnswerLoader
    /// Where every provider is made: once per provider, by ``providers()``.
    package let factory: RepositoryFactory
    /// How sync streams its downloads: the configuration's ``DashSpendConfiguration/downloadTransport``, else
    /// the platform's.
    let downloadTransport: any HTTPDownloadTransport
    private let registered = Locked<[GiftCardProvider: RegisteredProvider]?>(nil)
    /// Which database files passed their page check, read from the state directory once per client.
    private let integrityStamp: DatabaseIntegrityStamp

    /// A database opened for a set of providers, and the version of the file it was opened from (or the
    /// embedded fallback it was opened from).
    private struct OpenedDatabase: Sendable {
        let fileKey: String?
        let database: ExploreDatabase
        let embedded: EmbeddedExploreDatabase?
    }

    /// Creates the environment of a client; fails when a provider base URL is not usable or the bound on
    /// requests per provider is below 1 (``DashSpendFailure/Kind/invalidRequest``).
    init(configuration: DashSpendConfiguration) throws(DashSpendFailure) {
        self.configuration = configuration
        integrityStamp = DatabaseIntegrityStamp(stateDirectory: configuration.stateDirectory)
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
        // The platform's transport, made once and loaded on first use, serves requests and downloads alike
        // where the configuration names no transport of its own for them.
        let platform = OnDemandTransport()
        downloadTransport = configuration.downloadTransport ?? platform
        repositoryConfiguration = RepositoryConfiguration(
            network: configuration.network, baseURLOverrides: overrides,
            credentials: configuration.credentials ?? FileCredentialStore(root: configuration.stateDirectory),
            transport: configuration.transport ?? platform, timeout: configuration.timeout,
            now: configuration.now, diagnostics: configuration.diagnostics,
            criticalSections: configuration.criticalSections,
            paymentRequestTrustedRoots: configuration.paymentRequestTrustedRoots)
        factory = RepositoryFactory(configuration: repositoryConfiguration)
    }

    // MARK: - Providers

    /// Every compiled-in provider, made by the factory on first use and then shared by every service: one
    /// repository per provider and client, so a session refreshed by one call serves the next.
    func providers() -> [GiftCardProvider: RegisteredProvider] {
        registered.withLock { made in
            if let made { return made }
            let providers = factory.makeProviders()
            made = providers
            return providers
        }
    }

    /// `provider`'s registration.
    func provider(_ provider: GiftCardProvider) -> RegisteredProvider {
        guard let registered = providers()[provider] else {
            preconditionFailure("every compiled-in provider is registered")
        }
        return registered
    }

    /// The repositories live answers are asked from: none offline.
    func liveRepositories() -> [GiftCardProvider: any DashSpendRepository] {
        configuration.offline ? [:] : providers().mapValues(\.repository)
    }

    /// Reads the stored credentials of `provider`, so that a damaged or unreadable file fails
    /// (``DashSpendFailure/Cause/credentials``) instead of passing for "not signed in".
    func readStoredCredentials(of provider: GiftCardProvider) throws(DashSpendFailure) {
        do {
            _ = try repositoryConfiguration.credentials.load(provider, network: configuration.network)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
    }

    /// Fails when `policy` cannot be used: ``FetchPolicy/networkOnly`` offline (`what` says which request
    /// needed the network), or stored credentials that cannot be read when the network may be asked (a
    /// damaged file is reported, not taken for "not signed in").
    func checkUsable(_ policy: FetchPolicy, for what: String, subject: String?) throws(DashSpendFailure) {
        if configuration.offline && policy == .networkOnly {
            // Without this the providers read as "not signed in", and the caller would be told to sign in.
            throw DashSpendFailure(
                .invalidRequest, "\(what) needs the network, and this client is offline", subject: subject)
        }
        if !configuration.offline && policy != .cacheOnly {
            for provider in GiftCardProvider.allCases { try readStoredCredentials(of: provider) }
        }
    }

    /// The store over the network's orders database.
    func orderStore() throws(DashSpendFailure) -> OrderStore {
        OrderStore(database: try orderDatabase())
    }

    // MARK: - The explore database

    /// The explore database showing the offers of `providers` (default: those offered in the country),
    /// opened (and checked with `PRAGMA quick_check` once per file version) on first use.
    func database(providers: [GiftCardProvider]? = nil) throws(DashSpendFailure) -> ExploreDatabase {
        try opened(providers: providers).database
    }

    /// The merchant service over the database that shows every compiled-in provider (it applies the
    /// country rule itself, so it can say why a merchant is hidden).
    /// Made on first use: a search never touches the state directory.
    func service() throws(DashSpendFailure) -> MerchantService {
        try openedService().service
    }

    /// ``service()`` and the database it reads, from one look at the database file (a lookup by id or name
    /// then a resolution pay for one `stat`, not two).
    func openedService() throws(DashSpendFailure) -> (database: ExploreDatabase, service: MerchantService) {
        let entry = try opened(providers: GiftCardProvider.allCases)
        let key = entry.fileKey ?? ""
        if let service = services.withLock({ $0[key] }) { return (entry.database, service) }
        let service = try makeService(entry.database)
        services.withLock { $0 = [key: service] }
        return (entry.database, service)
    }

    private func opened(providers: [GiftCardProvider]?) throws(DashSpendFailure) -> OpenedDatabase {
        let providers = providers ?? configuration.visibleProviders
        let cacheKey = providers
        let path = try databasePath()
        let fileKey = path.flatMap(DatabaseIntegrityStamp.key)
        if let existing = opened.withLock({ $0[cacheKey] }), existing.fileKey == fileKey { return existing }
        let database: ExploreDatabase
        var embedded: EmbeddedExploreDatabase?
        let started = MonotonicClock.Instant.now
        var checkedNow = false
        do {
            if let path {
                database = try ExploreDatabase(path: path, providers: providers)
                checkedNow =
                    try integrityStamp
                    .verify(database, path: path, keyBeforeOpen: fileKey)
                // Names are folded once per file version, in the state directory, on the first lookup by name.
                let names = ExploreNameIndexFile(stateDirectory: configuration.stateDirectory)
                database.offerNameIndex { names.attach(to: $0, explorePath: path, fileKey: fileKey) }
            } else if case .installed(let fallback?) = configuration.database {
                database = try ExploreDatabase(bytes: fallback.bytes, origin: fallback.origin, providers: providers)
                embedded = fallback
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
        let entry = OpenedDatabase(fileKey: fileKey, database: database, embedded: embedded)
        let first = opened.withLock { opened in
            let first = !opened.values.contains { $0.database.origin == database.origin && $0.fileKey == fileKey }
            opened[cacheKey] = entry
            return first
        }
        if first, reportsDiagnostics {
            let integrity =
                embedded != nil
                ? "nothing was synced to \(configuration.installedDatabasePath)"
                : checkedNow ? "integrity checked (quick_check)" : "integrity checked before (this version of the file passed)"
            configuration.diagnostics.record(
                DiagnosticEvent(
                    .note, "explore database \(database.origin): \(Self.describe(database.schema)); \(integrity)",
                    seconds: (MonotonicClock.Instant.now - started).seconds))
        }
        return entry
    }

    /// Whether the diagnostics sink is one that listens: the words of an event that costs work to describe
    /// (a search's plan) are made only then.
    var reportsDiagnostics: Bool { !(configuration.diagnostics is SilentDiagnostics) }

    /// `schema v4 (user_version 4), names searched through FTS4 (merchant_fts)`.
    static func describe(_ schema: ExploreSchema) -> String {
        let names = schema.hasMerchantSearchIndex ? "through FTS4 (merchant_fts)" : "with LIKE (no merchant_fts)"
        return "schema v\(schema.version) (user_version \(schema.userVersion)), names searched \(names)"
    }

    /// The embedded fallback an explore database of this client was opened from (nothing was installed for
    /// the network); nil when every one was opened from a file, or none was opened yet.
    var openedEmbeddedDatabase: EmbeddedExploreDatabase? {
        opened.withLock { opened in opened.values.lazy.compactMap(\.embedded).first }
    }

    /// The file to open: the configured one, else the installed one when it exists; nil means the fallback.
    private func databasePath() throws(DashSpendFailure) -> String? {
        switch configuration.database {
        case .file(let path):
            return path
        case .installed:
            // Something there (even a broken link or a FIFO: opening it says what is wrong) is opened; only
            // "nothing was ever installed", ENOENT along the path, falls back. Any other failure to look (a
            // state folder that cannot be read) is an error naming the path; a file where a folder should be
            // is a state directory in which nothing can ever be created (as for every other state file).
            let installed = configuration.installedDatabasePath
            var info = stat()
            if lstat(installed, &info) == 0 { return installed }
            let code = errno
            if code == ENOENT { return nil }
            if code == ENOTDIR { try configuration.checkStateDirectory() }
            throw DashSpendFailure(
                ExploreDatabaseError.cannotOpen(path: installed, reason: SystemError.message(code)))
        }
    }

    /// The network's state database (`<state>/<network>/state.db`, the cache), opened on first use and kept
    /// open; a damaged file found there is moved aside once (`StateDatabase.recovery`) and reported to the
    /// diagnostics, after the orders version 0.1.0 kept in it are salvaged into the orders database.
    /// Something other than a regular file in its place is an error, and so is a file a newer version wrote
    /// (it is left as it is: the caller goes without the cache).
    func stateDatabase() throws(DashSpendFailure) -> StateDatabase {
        if let open = state.withLock({ $0 }) { return open }
        let path = configuration.stateDatabasePath
        try configuration.checkStateDirectory()
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the state database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
        let opened: StateDatabase
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
            opened = try StateDatabase(
                path: path, network: configuration.network, now: configuration.now(),
                checkedVersions: integrityStamp)
        } catch let error as SQLiteError where error.isNewerSchema {
            throw DashSpendFailure(
                .cannotWrite,
                "the state database \(path) was written by a newer version of DashSpend (schema "
                    + error.unknownMigrations.joined(separator: ", ")
                    + "; this version knows up to \(StateDatabase.migrator.migrations.last?.name ?? "")): it is left as it is",
                cause: .newerVersion, subject: path)
        } catch let error as PrivateDirectory.Failure where error.isUnsafe {
            throw DashSpendFailure(unsafeStateDirectory: error)
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot open the state database \(path): \(error)",
                cause: DashSpendFailure.stateFileCause(of: error), subject: path)
        }
        if let recovery = opened.recovery {
            configuration.diagnostics.record(DiagnosticEvent(.note, recovery.description))
            // The orders of a 0.1.0 state database go to the orders database only where that is open for
            // writing: a command that only reads leaves it as it was, and the next one that opens it salvages
            // the set-aside file then (``salvageSetAsideStateFiles(into:)``).
            if let orders = openOrders.withLock({ $0 }) {
                salvageOrders(from: recovery.movedTo, reason: recovery.reason, into: OrderStore(database: orders))
            }
        }
        return state.withLock { current in
            if let current { return current }
            current = opened
            return opened
        }
    }

    /// Imports into `store` what can be read of the orders version 0.1.0 kept in the damaged state database
    /// set aside at `asidePath`, and records where it went when it held orders.
    private func salvageOrders(
        from asidePath: String, reason: String = "the state database could not be used", into store: OrderStore
    ) {
        do {
            let outcome = try LegacyOrderImport.fromSetAsideFile(at: asidePath, into: store)
            guard outcome.heldOrders else { return }
            try store.recordSetAside(
                SetAsideOrderFile(
                    path: asidePath, reason: reason, setAsideAt: configuration.now(),
                    salvagedOrders: outcome.read.orders, salvagedCards: outcome.read.cards, complete: outcome.complete,
                    acknowledged: false))
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.note, "could not salvage the orders of the damaged state database \(asidePath): \(error)"))
        }
    }

    /// Salvages into `store` the orders of every damaged state database set aside in the network's folder
    /// that `store` has no record of (one set aside by a command that only read, or one whose salvage was cut
    /// off). Idempotent: orders already kept are not imported again.
    private func salvageSetAsideStateFiles(into store: OrderStore) {
        let folder = configuration.networkDirectory
        let prefix = (configuration.stateDatabasePath.split(separator: "/").last.map(String.init) ?? "state.db") + ".damaged-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let recorded = Set(((try? store.setAsideFiles()) ?? []).map(\.path))
        for name in names.sorted()
        where name.hasPrefix(prefix) && !name.hasSuffix("-journal") && !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
            let path = folder + "/" + name
            if !recorded.contains(path) { salvageOrders(from: path, into: store) }
        }
    }

    /// The network's orders database (`<state>/<network>/orders.db`), opened (created when missing) on
    /// first use and kept open. On that first open, a damaged file is salvaged and set aside
    /// (`OrderDatabase.setAside`); the orders version 0.1.0 kept in the state database are moved in; and
    /// orders left `creating` by a buy that ended without keeping the provider's answer (no buy is in flight
    /// now) become `unknown`.
    func orderDatabase() throws(DashSpendFailure) -> OrderDatabase {
        if let open = openOrders.withLock({ $0 }) { return open }
        let path = configuration.orderDatabasePath
        try configuration.checkStateDirectory()
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the orders database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
        let opened: OrderDatabase
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
            opened = try OrderDatabase(path: path, network: configuration.network, now: configuration.now())
        } catch let error as PrivateDirectory.Failure where error.isUnsafe {
            throw DashSpendFailure(unsafeStateDirectory: error)
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot open the orders database \(path): \(error)",
                cause: DashSpendFailure.stateFileCause(of: error), subject: path)
        }
        if let setAside = opened.setAside {
            configuration.diagnostics.record(DiagnosticEvent(.note, setAside.description))
        }
        if opened.newerVersion == nil {
            let store = OrderStore(database: opened)
            do {
                try LegacyOrderImport.fromStateDatabase(at: configuration.stateDatabasePath, into: store)
            } catch {
                configuration.diagnostics.record(
                    DiagnosticEvent(.note, "could not move the orders of the state database into \(path): \(error)"))
            }
            salvageSetAsideStateFiles(into: store)
            if OrderCreationLock.noneInFlight(databasePath: path) {
                do {
                    let settled = try store.settleInterruptedCreates(
                        message: "the buy that was placing this order ended before the provider's answer was kept: "
                            + "the order may exist", at: configuration.now())
                    if settled > 0 {
                        configuration.diagnostics.record(
                            DiagnosticEvent(
                                .note,
                                "\(settled) order\(settled == 1 ? "" : "s") a buy left unfinished \(settled == 1 ? "is" : "are") "
                                    + "now kept as unknown (the provider may have it)"))
                    }
                } catch {
                    // Left `creating`, such an order is settled at the next open; meanwhile it is said.
                    configuration.diagnostics.record(
                        DiagnosticEvent(.note, "could not mark the orders a buy left unfinished in \(path): \(error)"))
                }
            }
        }
        return openOrders.withLock { current in
            if let current { return current }
            current = opened
            return opened
        }
    }

    /// The orders store a reading operation reads: the one this client opened for writing, if it did; for an
    /// online client, that one opened now (its first open salvages, imports and settles, as the commands about
    /// orders do); for an offline one, the file opened only to be read, so a command that only reads leaves it
    /// byte for byte as it was. Nil when an offline client finds no orders database: no orders are kept.
    func orderStoreForReading() throws(DashSpendFailure) -> OrderStore? {
        if let open = openOrders.withLock({ $0 }) { return OrderStore(database: open) }
        if !configuration.offline { return try orderStore() }
        return try readingOrderStore()
    }

    /// The orders database opened only to be read (nil when there is none), or the one already open.
    func readingOrderStore() throws(DashSpendFailure) -> OrderStore? {
        if let open = openOrders.withLock({ $0 }) { return OrderStore(database: open) }
        guard orderDatabaseExists else { return nil }
        let path = configuration.orderDatabasePath
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the orders database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
        do {
            return OrderStore(database: try OrderDatabase(readingOnly: path, network: configuration.network))
        } catch {
            let kind: DashSpendFailure.Kind = error.isCorruption ? .badData : .cannotWrite
            throw DashSpendFailure(
                kind, "cannot read the orders database \(path): \(error)", cause: .stateDirectory, subject: path)
        }
    }

    /// Whether the network's orders database exists (a command that does not buy opens it only then).
    var orderDatabaseExists: Bool {
        var info = stat()
        return lstat(configuration.orderDatabasePath, &info) == 0
    }

    /// What was wrong with the state database file found when it was opened, and where it was moved.
    var stateDatabaseRecovery: StateDatabaseRecovery? { state.withLock { $0?.recovery } }

    /// The service over `database`, with the offer store in the network's state database when it can be
    /// opened (a read-only state directory only loses stored answers, and says so to the diagnostics; an
    /// unsafe one, or a FIFO or device in the store's place, is an error).
    private func makeService(_ database: ExploreDatabase) throws(DashSpendFailure) -> MerchantService {
        // Refused by every command that would write there, `show` included (not merely "no stored answers").
        try configuration.checkStateDirectory()
        var cache: (any OfferCache)?
        do {
            cache = SQLiteOfferCache(database: try stateDatabase())
        } catch {
            // Something other than a regular file in the state database's place is an error; anything else
            // only loses the stored answers.
            if error.cause == .stateDirectory && error.kind == .badData { throw error }
            configuration.diagnostics.record(DiagnosticEvent(.cacheFailure, "no stored answers: \(error.message)"))
        }
        return MerchantService(
            database: database, repositories: liveRepositories(), cache: cache, country: configuration.normalizedCountry,
            loader: loader, now: configuration.now, diagnostics: configuration.diagnostics)
    }
}
