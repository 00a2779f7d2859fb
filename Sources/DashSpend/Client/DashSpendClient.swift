import DashSpendCore
import DashSpendExplore
import DashSpendLocking

/// The front door of DashSpend: one value, built from one ``DashSpendConfiguration``, that does
/// everything an app (or the `merchant-lookup` tool) does with merchants, providers and the explore
/// database: look a merchant up by id or name with every offer resolved, search, territories, ATMs,
/// database info, sync, and signing in to the providers.
///
/// Every operation throws ``DashSpendFailure``. The explore database is opened on first use and kept
/// open while the file stays the same; a file replaced by `sync` is opened again.
///
/// The client is a composition root: it makes one environment (databases, stores, clock, diagnostics,
/// transport, and the providers, each made once) and the services that own each capability (merchants,
/// purchases, exchange rates, accounts, sync); its methods forward to them.
public final class DashSpendClient: Sendable {
    /// What every service of this client shares.
    let environment: DashSpendEnvironment
    /// Quotes, orders and their states.
    let purchases: PurchaseService
    /// Providers' Dash exchange rates.
    let rates: ExchangeRates
    /// Signing in and out.
    let accounts: Accounts
    /// Installing the explore database.
    let exploreSync: ExploreSync

    /// Creates a client; fails when a provider base URL is not usable or the bound on requests per provider
    /// is below 1 (``DashSpendFailure/Kind/invalidRequest``).
    ///
    /// - Throws: ``DashSpendFailure``.
    public init(configuration: DashSpendConfiguration) throws {
        let environment = try DashSpendEnvironment(configuration: configuration)
        self.environment = environment
        rates = ExchangeRates(environment: environment)
        purchases = PurchaseService(environment: environment, rates: rates)
        accounts = Accounts(environment: environment)
        exploreSync = ExploreSync(
            configuration: configuration, transport: environment.repositoryConfiguration.transport,
            downloader: environment.downloadTransport)
    }

    /// What this client was built from.
    public var configuration: DashSpendConfiguration { environment.configuration }

    /// The repositories' configuration (network, validated base URLs, credentials, transport, time-out).
    public var repositoryConfiguration: RepositoryConfiguration { environment.repositoryConfiguration }

    /// The repository factory of this client (the one its providers were made by).
    public var repositoryFactory: RepositoryFactory { environment.factory }

    /// What was wrong with the state database file found when this client opened it, and where it was moved
    /// (a fresh one took its place); nil when it was usable or has not been opened. Tell the user once.
    public var stateDatabaseRecovery: StateDatabaseRecovery? { environment.stateDatabaseRecovery }

    // MARK: - For the CLI and the tests

    /// The explore database showing the offers of `providers` (default: those offered in the country),
    /// opened (and checked with `PRAGMA quick_check` once per file version) on first use.
    package func database(providers: [GiftCardProvider]? = nil) throws(DashSpendFailure) -> ExploreDatabase {
        try environment.database(providers: providers)
    }

    /// The merchant service over the database that shows every compiled-in provider.
    package func service() throws(DashSpendFailure) -> MerchantService {
        try environment.service()
    }

    /// ``service()`` and the database it reads, from one look at the database file.
    func openedService() throws(DashSpendFailure) -> (database: ExploreDatabase, service: MerchantService) {
        try environment.openedService()
    }

    /// The network's state database, opened on first use and kept open.
    package func stateDatabase() throws(DashSpendFailure) -> StateDatabase {
        try environment.stateDatabase()
    }

    /// The network's orders database, opened (created when missing) on first use and kept open.
    func orderDatabase() throws(DashSpendFailure) -> OrderDatabase {
        try environment.orderDatabase()
    }

    /// Whether the network's orders database exists (a command that does not buy opens it only then).
    var orderDatabaseExists: Bool { environment.orderDatabaseExists }

    /// The embedded fallback (``ExploreDatabaseLocation/installed(fallback:)``) this client answered from,
    /// because nothing was installed for the network; nil when it read a file, or has not opened an explore
    /// database yet. Ask after the call that read it.
    package var openedEmbeddedDatabase: EmbeddedExploreDatabase? { environment.openedEmbeddedDatabase }

    /// How many providers' registrations this client's factory has made, per provider: each once at most.
    package var providersMade: [GiftCardProvider: Int] { environment.factory.made.withLock { $0 } }

    /// How many callers of this client share the live request in flight for `provider`'s `sourceId`; 0 when
    /// none runs. For tests that must see a caller join a request before they let its answer through.
    package func liveCallersInFlight(_ provider: GiftCardProvider, sourceId: String) async -> Int {
        await environment.loader.callersInFlight(provider, sourceId: sourceId)
    }

    /// How many callers of this client share the exchange-rate request in flight for `provider`'s `currency`
    /// (`USD`); 0 when none runs. For tests that must see callers join a request before they let its answer
    /// through.
    package func rateCallersInFlight(_ provider: GiftCardProvider, currency: String) async -> Int {
        await environment.loader.rateCallersInFlight(provider, currency: currency)
    }
}
