import DashSpend
import DashSpendSample

/// Everything a command needs from the command line and the environment, resolved once.
struct Invocation {
    let arguments: ParsedArguments
    let environment: [String: String]
    /// The network (`--network`, default mainnet).
    let network: DashSpendNetwork
    /// Seconds one provider request may take (`--timeout`, default the wallets' 20).
    let timeout: Double
    /// Where a token refresh registers as work an exit on a signal must wait for.
    let criticalSections: CriticalSections
    /// Where a command that prints as it goes writes each piece when it is ready.
    let output: OutputSink
    /// The client every command of this invocation uses.
    private var madeClient: DashSpendClient?
    /// Notes the command already put in its own output (`show --json`'s `notes`), so they are not said on
    /// stderr as well.
    let notesInOutput = NoteCollector()

    /// Resolves the options every command shares, so a bad `--network` or `--timeout` is a usage error
    /// whatever the command.
    init(
        arguments: ParsedArguments, environment: [String: String], criticalSections: CriticalSections = CriticalSections(),
        output: OutputSink = OutputSink()
    ) throws(CLIError) {
        self.arguments = arguments
        self.environment = environment
        self.criticalSections = criticalSections
        self.output = output
        if let raw = arguments.value("--network") {
            guard let network = DashSpendNetwork(rawValue: raw.lowercased()) else {
                throw .usage("--network must be mainnet or testnet, not \(raw)")
            }
            self.network = network
        } else {
            self.network = .mainnet
        }
        timeout = arguments.number("--timeout") ?? 20
        // Built once, here, so a bad provider URL is a usage error whatever the command.
        madeClient = try makeClient()
    }

    /// Output as JSON.
    var json: Bool { arguments.flag("--json") }
    /// Nothing on stderr but errors (and, for `sync`, nothing on stdout but `--json`'s object).
    var quiet: Bool { arguments.flag("--quiet") }
    /// Never touch the network.
    var offline: Bool { arguments.flag("--offline") }

    /// The state directory: `--state-dir` (or `--home`), `$DASHSPEND_HOME`, `$XDG_STATE_HOME/dashspend`, `~/.local/state/dashspend`.
    var stateDirectory: String {
        StateDirectory.resolve(home: arguments.value("--state-dir"), environment: environment)
    }

    /// The command's operands (after the command words).
    func operands(after words: Int) -> [String] { Array(arguments.positionals.dropFirst(words)) }

    /// A provider named by `--provider`.
    func provider() throws(CLIError) -> GiftCardProvider? {
        guard let raw = arguments.value("--provider") else { return nil }
        return try Self.provider(named: raw)
    }

    /// The compiled-in provider called `raw`.
    static func provider(named raw: String) throws(CLIError) -> GiftCardProvider {
        guard let provider = GiftCardProvider(id: raw) else {
            let known = GiftCardProvider.allCases.map(\.id).joined(separator: ", ")
            throw .usage("unknown provider \(raw): this build has \(known)")
        }
        return provider
    }

    /// The `--<id>-url` option of `provider`.
    static func urlOption(_ provider: GiftCardProvider) -> String { "--\(provider.id)-url" }

    /// The library's configuration from the command line: `--network`, `--home`, `--db` (else the synced
    /// database, else the embedded sample), `--<id>-url`, `--country` (else `$DASHSPEND_COUNTRY`),
    /// `--offline`, `--timeout`, `--concurrency`.
    func configuration() -> DashSpendConfiguration {
        var urls: [GiftCardProvider: String] = [:]
        for provider in GiftCardProvider.allCases {
            if let raw = arguments.value(Self.urlOption(provider)) { urls[provider] = raw }
        }
        var configuration = DashSpendConfiguration(
            stateDirectory: stateDirectory, network: network,
            database: arguments.value("--db").map { .file($0) } ?? .installed(fallback: .sample),
            providerBaseURLs: urls, country: arguments.value("--country") ?? environment["DASHSPEND_COUNTRY"],
            offline: offline, timeout: timeout,
            diagnostics: arguments.flag("--verbose") ? StandardErrorDiagnostics() : SilentDiagnostics(),
            criticalSections: criticalSections)
        // sync: where gs:// objects are read (`--storage-url`, else $DASHSPEND_STORAGE_URL), and `--timeout` as
        // the download's connect and stall limits when given.
        if let storage = arguments.value("--storage-url") ?? environment["DASHSPEND_STORAGE_URL"], !storage.isEmpty {
            configuration.storageBaseURL = storage
        }
        if let seconds = arguments.number("--timeout") {
            configuration.downloadTimeouts = HTTPDownloadTimeouts(connect: seconds, stall: seconds)
        }
        if let bound = arguments.integer("--concurrency") { configuration.maxConcurrentRequestsPerProvider = bound }
        return configuration
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
            throw CLIError(DashSpendFailure(error), network: configuration.network)
        }
    }

    /// The state database that was set aside when this invocation's client opened it, if it was.
    var stateDatabaseRecovery: StateDatabaseRecovery? { madeClient?.stateDatabaseRecovery }

    /// The damaged files with orders in them that were set aside and not yet shown by `orders`: said on
    /// every command until then.
    var unacknowledgedSetAsideOrderFiles: [SetAsideOrderFile] { madeClient?.unacknowledgedSetAsideOrderFiles() ?? [] }

    /// Runs a library call (the front door throws ``DashSpendFailure`` untyped); its failure goes through the
    /// one error table (``CLIError/init(_:network:)``). `offlineHelps` false for a command that cannot run
    /// offline: its network failures do not suggest it.
    func perform<T>(offlineHelps: Bool = true, _ body: () async throws -> T) async throws(CLIError) -> T {
        do {
            return try await body()
        } catch {
            throw CLIError(DashSpendFailure(error), network: network, offlineHelps: offlineHelps)
        }
    }
}
