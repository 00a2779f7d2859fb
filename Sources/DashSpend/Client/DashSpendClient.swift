import DashSpendAccounts
import DashSpendCore
import DashSpendExplore
import DashSpendExploreSync
import DashSpendLocking
package import DashSpendMerchants
import DashSpendOrders
import DashSpendPrivateFiles
import DashSpendPurchasing
public import DashSpendSetup
public import DashSpendState

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The front door of DashSpend: one value, built from one ``DashSpendConfiguration``, that does
/// everything an app (or the `merchant-lookup` tool) does with merchants, providers and the explore
/// database: look a merchant up by id or name with every offer resolved, search, territories, ATMs,
/// database info, sync, and signing in to the providers.
///
/// Every operation throws ``DashSpendFailure``. The explore database is opened on first use and kept
/// open while the file stays the same; a file replaced by `sync` is opened again.
///
/// The client is the composition root: the orders database is opened once, for writing in its initialiser or
/// only to read at the first read, as ``DashSpendConfiguration/ordersAccess`` says (a client that opens it only
/// to read never writes it); the initialiser makes the doors of the caches (the state database, created the
/// first time an answer or a rate is stored or read, so a command that needs no cache leaves the state
/// directory as it was) and of the credentials, the providers' registrations (each provider made once by the
/// factory, when first asked) and the one loader of live answers, and hands each service exactly the ones it
/// uses: the merchants, purchases, exchange rates, accounts and sync. Its methods forward to them. An orders
/// database that could not be opened is kept as the failure, which every operation on orders throws.
public final class DashSpendClient: Sendable {
    /// What this client was built from.
    public var configuration: DashSpendConfiguration { builtFrom }
    /// The repositories' configuration (network, validated base URLs, credentials, transport, time-out).
    public var repositoryConfiguration: RepositoryConfiguration { repositories }
    private let builtFrom: DashSpendConfiguration
    private let repositories: RepositoryConfiguration
    /// The compiled-in providers, each made once.
    let providers: RegisteredProviders
    /// The orders database, opened for writing or only to read.
    let orderFile: OrdersFile
    /// The door of the state database (stored answers and rates), opened on first use.
    let stateFile: StateFile
    /// The stored credentials, read to check them.
    let credentials: CredentialsFile
    /// The explore database and the merchant service.
    let merchants: MerchantDirectory
    /// Quotes, orders and their states.
    let purchases: PurchaseService
    /// Providers' Dash exchange rates.
    let rates: ExchangeRates
    /// Signing in and out.
    let accounts: Accounts
    /// Installing the explore database.
    let exploreSync: ExploreSync

    /// Creates a client and opens its orders database; fails when a provider base URL is not usable or the
    /// bound on requests per provider is below 1 (``DashSpendFailure/Kind/invalidRequest``). An orders
    /// database that cannot be opened does not fail the client: the operations on orders throw why.
    ///
    /// - Throws: ``DashSpendFailure``.
    public init(configuration: DashSpendConfiguration) throws {
        builtFrom = configuration
        let bound = configuration.maxConcurrentRequestsPerProvider
        guard bound >= 1 else {
            throw DashSpendFailure(
                .invalidRequest,
                "at most \(bound) requests per provider at a time would never ask a provider: the bound must be at least 1")
        }
        var overrides: [GiftCardProvider: URL] = [:]
        for (provider, raw) in configuration.providerBaseURLs {
            overrides[provider] = try ProviderBaseURL.validated(raw, for: provider)
        }
        // The platform's transport, made once and loaded on first use, serves requests and downloads alike
        // where the configuration names no transport of its own for them.
        let platform = OnDemandTransport()
        let credentialStore = configuration.credentials ?? FileCredentialStore(root: configuration.stateDirectory)
        repositories = RepositoryConfiguration(
            network: configuration.network, baseURLOverrides: overrides, credentials: credentialStore,
            transport: configuration.transport ?? platform, timeout: configuration.timeout,
            now: configuration.now, diagnostics: configuration.diagnostics,
            criticalSections: configuration.criticalSections,
            paymentRequestTrustedRoots: configuration.paymentRequestTrustedRoots)
        providers = RegisteredProviders(
            factory: RepositoryFactory(configuration: repositories), offline: configuration.offline)
        credentials = CredentialsFile(
            store: credentialStore, network: configuration.network, offline: configuration.offline)
        orderFile = OrdersFile(configuration: configuration)
        let integrityStamp = DatabaseIntegrityStamp(stateDirectory: configuration.stateDirectory)
        stateFile = StateFile(configuration: configuration, integrityStamp: integrityStamp, orders: orderFile)
        let loader = LiveAnswerLoader(
            timeToLive: LiveAnswerLoader.defaultTimeToLive, now: configuration.now, maxConcurrentRequestsPerProvider: bound)
        merchants = MerchantDirectory(
            configuration: configuration, providers: providers, loader: loader, stateFile: stateFile,
            credentials: credentials, integrityStamp: integrityStamp)
        rates = ExchangeRates(
            configuration: configuration, providers: providers, loader: loader, stateFile: stateFile,
            credentials: credentials)
        purchases = PurchaseService(
            configuration: configuration, orderFile: orderFile, providers: providers, credentials: credentials,
            merchants: merchants, rates: rates, stateFile: stateFile)
        accounts = Accounts(configuration: configuration, providers: providers, credentials: credentials)
        exploreSync = ExploreSync(
            configuration: configuration, transport: repositories.transport,
            downloader: configuration.downloadTransport ?? platform)
    }

    /// The repository factory of this client (the one its providers were made by).
    public var repositoryFactory: RepositoryFactory { providers.factory }

    /// What was wrong with the state database file found when this client opened it, and where it was moved
    /// (a fresh one took its place); nil when it was usable or has not been opened. Tell the user once.
    public var stateDatabaseRecovery: StateDatabaseRecovery? { stateFile.recovery }

    // MARK: - For the CLI and the tests

    /// The explore database showing the offers of `providers` (default: those offered in the country),
    /// opened (and checked with `PRAGMA quick_check` once per file version) on first use.
    package func database(providers: [GiftCardProvider]? = nil) throws(DashSpendFailure) -> ExploreDatabase {
        try merchants.database(providers: providers)
    }

    /// The merchant service over the database that shows every compiled-in provider.
    package func service() throws(DashSpendFailure) -> MerchantService {
        try merchants.service()
    }

    /// The network's state database, opened on first use and kept open.
    package func stateDatabase() throws(DashSpendFailure) -> StateDatabase {
        try stateFile.database()
    }

    /// How many times each store of this client was opened (the orders database for writing, the state
    /// database): once at most, however many services and calls used it (the orders with the client).
    package var storeOpens: (orders: Int, state: Int) { (orderFile.timesOpenedForWriting, stateFile.timesOpened) }

    /// The embedded fallback (``ExploreDatabaseLocation/installed(fallback:)``) this client answered from,
    /// because nothing was installed for the network; nil when it read a file, or has not opened an explore
    /// database yet. Ask after the call that read it.
    package var openedEmbeddedDatabase: EmbeddedExploreDatabase? { merchants.openedEmbeddedDatabase }

    /// How many providers' registrations this client's factory has made, per provider: each once at most.
    package var providersMade: [GiftCardProvider: Int] { providers.factory.made.withLock { $0 } }

    /// How many callers of this client share the live request in flight for `provider`'s `sourceId`; 0 when
    /// none runs. For tests that must see a caller join a request before they let its answer through.
    package func liveCallersInFlight(_ provider: GiftCardProvider, sourceId: String) async -> Int {
        await merchants.loader.callersInFlight(provider, sourceId: sourceId)
    }

    /// How many callers of this client share the exchange-rate request in flight for `provider`'s `currency`
    /// (`USD`); 0 when none runs. For tests that must see callers join a request before they let its answer
    /// through.
    package func rateCallersInFlight(_ provider: GiftCardProvider, currency: String) async -> Int {
        await merchants.loader.rateCallersInFlight(provider, currency: currency)
    }
}
