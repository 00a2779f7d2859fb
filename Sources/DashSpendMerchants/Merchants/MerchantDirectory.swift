package import DashSpendCore
package import DashSpendExplore
import DashSpendLocking
import DashSpendOrders
package import DashSpendPrivateFiles
import DashSpendSQLite
package import DashSpendSetup
import DashSpendState

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The merchants of one client: the explore database (opened per set of providers shown, checked once per
/// file version, opened again when `sync` replaces the file) and the merchant service that resolves its
/// offers, with the stored answers of the state database and the client's one loader of live answers.
///
/// It looks a merchant up with every offer resolved (``merchant(_:policy:prefetched:)``) for the client and
/// for the ``PurchaseService`` alike: a quote resolves its merchant here, not through the client.
package final class MerchantDirectory: Sendable {
    private let configuration: DashSpendConfiguration
    private let providers: RegisteredProviders
    private let stateFile: StateFile
    private let credentials: CredentialsFile
    /// The one loader of live answers: every service this client makes (one per version of the database
    /// file) shares its deduplication of requests in flight and its bound on requests per provider.
    package let loader: LiveAnswerLoader
    /// Which database files passed their page check, read from the state directory once per client.
    private let integrityStamp: DatabaseIntegrityStamp
    /// The explore databases opened, by the providers each shows (keyed by the array itself: joining their ids
    /// into a string called the generic `joined(separator:)`, which has the runtime scan every conformance).
    private let opened = Locked<[[GiftCardProvider]: OpenedDatabase]>([:])
    private let services = Locked<[String: MerchantService]>([:])

    /// A database opened for a set of providers, and the version of the file it was opened from (or the
    /// embedded fallback it was opened from).
    private struct OpenedDatabase: Sendable {
        let fileKey: String?
        let database: ExploreDatabase
        let embedded: EmbeddedExploreDatabase?
    }

    /// The merchants of a client built from `configuration`, resolved through `providers` and `loader`, with
    /// the stored answers of `stateFile`; `credentials` are checked before a lookup may ask the network.
    package init(
        configuration: DashSpendConfiguration, providers: RegisteredProviders, loader: LiveAnswerLoader,
        stateFile: StateFile, credentials: CredentialsFile, integrityStamp: DatabaseIntegrityStamp
    ) {
        self.configuration = configuration
        self.providers = providers
        self.loader = loader
        self.stateFile = stateFile
        self.credentials = credentials
        self.integrityStamp = integrityStamp
    }

    /// The merchant whose id is `idOrName`, else the one merchant with that exact name, with every offer
    /// resolved under `policy`; see ``DashSpendClient/merchant(_:policy:)``. `prefetched` holds the explore
    /// rows a batch read ahead for it (used when they are of the database in use).
    package func merchant(_ idOrName: String, policy: FetchPolicy, prefetched: BatchPrefetch) async throws(DashSpendFailure)
        -> ResolvedMerchant
    {
        let (database, service) = try openedService()
        // A batch (rows read ahead) takes no closer look at the inputs it does not find (suggestions, a merchant
        // hidden by name): each would scan the file, and a batch may have thousands of misses.
        let found = try MerchantService.identify(
            idOrName, in: database, byId: prefetched.byId(idOrName, in: database), lookingCloser: prefetched.database == nil)
        try credentials.checkUsable(policy, for: "a live-only lookup of \(idOrName)", subject: idOrName)
        do {
            return try await service.resolve(found, policy: policy)
        } catch {
            throw DashSpendFailure(error)
        }
    }

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

    /// The embedded fallback an explore database of this client was opened from (nothing was installed for
    /// the network); nil when every one was opened from a file, or none was opened yet.
    package var openedEmbeddedDatabase: EmbeddedExploreDatabase? {
        opened.withLock { opened in opened.values.lazy.compactMap(\.embedded).first }
    }

    /// `schema v4 (user_version 4), names searched through FTS4 (merchant_fts)`.
    static func describe(_ schema: ExploreSchema) -> String {
        let names = schema.hasMerchantSearchIndex ? "through FTS4 (merchant_fts)" : "with LIKE (no merchant_fts)"
        return "schema v\(schema.version) (user_version \(schema.userVersion)), names searched \(names)"
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
        if first, configuration.reportsDiagnostics {
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

    /// The service over `database`, with the offer store in the network's state database when it can be
    /// opened (a read-only state directory only loses stored answers, and says so to the diagnostics; an
    /// unsafe one, or a FIFO or device in the store's place, is an error).
    private func makeService(_ database: ExploreDatabase) throws(DashSpendFailure) -> MerchantService {
        // Refused by every command that would write there, `show` included (not merely "no stored answers").
        try configuration.checkStateDirectory()
        var cache: (any OfferCache)?
        do {
            cache = SQLiteOfferCache(database: try stateFile.database())
        } catch {
            // Something other than a regular file in the state database's place is an error; anything else
            // only loses the stored answers.
            if error.cause == .stateDirectory && error.kind == .badData { throw error }
            configuration.diagnostics.record(DiagnosticEvent(.cacheFailure, "no stored answers: \(error.message)"))
        }
        return MerchantService(
            database: database, repositories: providers.liveRepositories(), cache: cache,
            country: configuration.normalizedCountry, loader: loader, now: configuration.now,
            diagnostics: configuration.diagnostics)
    }
}
