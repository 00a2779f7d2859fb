import DashSpend
import DashSpendCore
import DashSpendSample

/// Everything a command needs from the command line, the environment and the standard streams, resolved once.
/// Options are read by their declarations (`invocation[SearchOptions.sort]`), with the values their parsers read.
struct Invocation {
    private let arguments: ParsedArguments
    let environment: [String: String]
    /// Standard input, output and error, each with whether it is a terminal.
    let streams: StandardStreams
    /// The network (`--network`, default mainnet).
    let network: DashSpendNetwork
    /// Seconds one provider request may take (`--timeout`, default the wallets' 20).
    let timeout: Double
    /// Where a token refresh registers as work an exit on a signal must wait for.
    let criticalSections: CriticalSections
    /// Where a command that prints as it goes writes each piece when it is ready.
    let output: OutputSink
    /// How the client opens the orders database (the command's ``CLICommand/ordersAccess(_:)``).
    let ordersAccess: DashSpendConfiguration.OrdersAccess
    /// The client every command of this invocation uses.
    private(set) var madeClient: DashSpendClient?
    /// Notes the command already put in its own output (`show --json`'s `notes`), so they are not said on
    /// stderr as well.
    let notesInOutput = NoteCollector()

    /// Resolves the options every command shares and builds the client, so a bad provider URL is a usage
    /// error whatever the command.
    init(
        arguments: ParsedArguments, environment: [String: String], streams: StandardStreams,
        ordersAccess: DashSpendConfiguration.OrdersAccess, criticalSections: CriticalSections = CriticalSections(),
        output: OutputSink = OutputSink()
    ) throws(CLIError) {
        self.arguments = arguments
        self.ordersAccess = ordersAccess
        self.environment = environment
        self.streams = streams
        self.criticalSections = criticalSections
        self.output = output
        network = arguments[GlobalOptions.network] ?? .mainnet
        timeout = arguments[GlobalOptions.timeout] ?? 20
        madeClient = try makeClient()
    }

    /// Whether the flag was given.
    subscript(_ flag: Flag) -> Bool { arguments[flag] }

    /// The option's value as its parser read it; nil when it was not given.
    subscript<Value>(_ option: Option<Value>) -> Value? { arguments[option] }

    /// Every value of a repeatable option, in the order given.
    func all<Value>(_ option: Option<Value>) -> [Value] { arguments.all(option) }

    /// Whether the option was given.
    func isGiven(_ option: OptionSpec) -> Bool { arguments.isGiven(option) }

    /// Output as JSON.
    var json: Bool { self[GlobalOptions.json] }
    /// Nothing on stderr but errors (and, for `sync`, nothing on stdout but `--json`'s object).
    var quiet: Bool { self[GlobalOptions.quiet] }
    /// Never touch the network.
    var offline: Bool { self[GlobalOptions.offline] }
    /// Standard error.
    var standardError: StandardError { streams.error }
    /// Whether a QR code on stdout gets its colours: stdout is a terminal and `NO_COLOR` is not set.
    var coloursOnOutput: Bool { streams.output.isTerminal && environment["NO_COLOR"] == nil }

    /// The state directory: `--state-dir` (or `--home`), `$DASHSPEND_HOME`, `$XDG_STATE_HOME/dashspend`, `~/.local/state/dashspend`.
    var stateDirectory: String {
        StateDirectory.resolve(home: self[GlobalOptions.stateDirectory], environment: environment)
    }

    /// Where ``stateDirectory`` came from, for the hints of its failures.
    var stateDirectoryOrigin: StateDirectoryOrigin {
        StateDirectoryOrigin(option: self[GlobalOptions.stateDirectory], environment: environment)
    }

    /// `failure` as the one error table says it for this command line (its network, where its state
    /// directory came from).
    func error(_ failure: DashSpendFailure, offlineHelps: Bool = true) -> CLIError {
        CLIError(failure, network: network, offlineHelps: offlineHelps, stateDirectory: stateDirectoryOrigin)
    }

    /// The command's operands (after the command words).
    func operands(after words: Int) -> [String] { Array(arguments.positionals.dropFirst(words)) }

    /// The `--<id>-url` option of `provider`.
    static func urlOption(_ provider: GiftCardProvider) -> String { "--\(provider.id)-url" }

    /// The library's configuration from the command line: `--network`, `--home`, `--db` (else the synced
    /// database, else the embedded sample), `--<id>-url`, `--country` (else `$DASHSPEND_COUNTRY`),
    /// `--offline`, `--timeout`, `--concurrency`.
    func configuration() -> DashSpendConfiguration {
        var urls: [GiftCardProvider: String] = [:]
        for (provider, option) in GlobalOptions.providerURLs {
            if let raw = self[option] { urls[provider] = raw }
        }
        var configuration = DashSpendConfiguration(
            stateDirectory: stateDirectory, network: network,
            database: self[GlobalOptions.database].map { .file($0) } ?? .installed(fallback: .sample),
            providerBaseURLs: urls, country: self[GlobalOptions.country] ?? environment["DASHSPEND_COUNTRY"],
            offline: offline, timeout: timeout,
            diagnostics: self[GlobalOptions.verbose]
                ? StandardErrorDiagnostics(standardError: standardError) : SilentDiagnostics(),
            criticalSections: criticalSections)
        // sync: where gs:// objects are read (`--storage-url`, else $DASHSPEND_STORAGE_URL), and `--timeout` as
        // the download's connect and stall limits when given.
        if let storage = self[SyncOptions.storageURL] ?? environment["DASHSPEND_STORAGE_URL"], !storage.isEmpty {
            configuration.storageBaseURL = storage
        }
        if let seconds = self[GlobalOptions.timeout] {
            configuration.downloadTimeouts = HTTPDownloadTimeouts(connect: seconds, stall: seconds)
        }
        if let bound = self[GlobalOptions.concurrency] { configuration.maxConcurrentRequestsPerProvider = bound }
        configuration.paymentRequestTrustedRoots = paymentRequestTrustedRoots
        configuration.ordersAccess = ordersAccess
        return configuration
    }

    /// The DER certificates named by `$DASHSPEND_PAYMENT_REQUEST_ROOTS` (paths separated by `:`), trusted as
    /// roots of a signed payment request besides the system's: a private CA, a test's root. A file that
    /// cannot be read adds no root (so a request signed under it fails as untrusted: never the other way).
    var paymentRequestTrustedRoots: [[UInt8]] {
        guard let paths = environment["DASHSPEND_PAYMENT_REQUEST_ROOTS"] else { return [] }
        return paths.split(separator: ":").compactMap { path in
            // A root that cannot be read is not trusted: a request signed under it fails as untrusted, never the other way.
            try? RegularFile.read(String(path), limit: 1 << 20)
        }
    }

    /// The front door, built from ``configuration()``.
    func client() throws(CLIError) -> DashSpendClient {
        if let madeClient { return madeClient }
        return try makeClient()
    }

    private func makeClient() throws(CLIError) -> DashSpendClient {
        let configuration = configuration()
        do {
            return try DashSpendClient(configuration: configuration)
        } catch {
            throw CLIError(
                DashSpendFailure(error), network: configuration.network, stateDirectory: stateDirectoryOrigin)
        }
    }

    /// The state database that was set aside when this invocation's client opened it, if it was.
    var stateDatabaseRecovery: StateDatabaseRecovery? { madeClient?.stateDatabaseRecovery }

    /// The damaged files with orders in them that were set aside and not yet shown by `orders`: said on
    /// every command until then.
    var unacknowledgedSetAsideOrderFiles: [SetAsideOrderFile] { madeClient?.unacknowledgedSetAsideOrderFiles() ?? [] }

    /// The orders database, when this invocation's client found it damaged and left it as it was (a command
    /// that only reads): said on every command until one about orders salvages it.
    var damagedOrderDatabase: String? { madeClient?.damagedOrderDatabase() }

    /// Runs a library call (the front door throws ``DashSpendFailure`` untyped); its failure goes through the
    /// one error table (``CLIError/init(_:network:)``). `offlineHelps` false for a command that cannot run
    /// offline: its network failures do not suggest it.
    func perform<T>(offlineHelps: Bool = true, _ body: () async throws -> T) async throws(CLIError) -> T {
        do {
            return try await body()
        } catch {
            throw self.error(DashSpendFailure(error), offlineHelps: offlineHelps && !refusesOffline)
        }
    }

    /// Whether this command line would refuse `--offline` (so no hint may suggest it): a fetch-policy option
    /// (`--live`, `--refresh`, `--max-age`), `buy`, `sync`, `auth login`/`verify`/`logout`, `order --wait`
    /// and `order --txid`.
    var refusesOffline: Bool {
        let words = arguments.positionals
        if FetchPolicyOptions.given(self) != nil { return true }
        switch words.first {
        case "buy", "sync": return true
        case "auth": return words.dropFirst().first != "status"
        case "order": return self[OrderOptions.wait] || self[OrderOptions.transactionId] != nil
        default: return false
        }
    }
}
