#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a provider repository needs to run: where the API is, which network, where credentials live and
/// how to send HTTP. Passed in by value; nothing here is global.
public struct RepositoryConfiguration: Sendable {
    /// The network; credentials are filed per network.
    public var network: DashSpendNetwork
    /// Base URL overrides per provider (for staging servers and tests); others use ``ProviderInfo/baseURLs``.
    public var baseURLOverrides: [GiftCardProvider: URL]
    /// Where credentials are kept.
    public var credentials: any CredentialStore
    /// How requests are sent.
    public var transport: any HTTPTransport
    /// The `X-Client-Id` header CTX expects.
    public var clientId: String
    /// Per-request time-out in seconds.
    public var timeout: Double
    /// The clock, so tests can move time.
    public var now: @Sendable () -> Date
    /// Where requests and refreshes are reported (silent by default).
    public var diagnostics: any DiagnosticsSink
    /// Where a token refresh and its save register as work an exit must wait for; share one value per
    /// process with whatever handles signals (see ``CriticalSections``).
    public var criticalSections: CriticalSections
    /// DER certificates trusted as roots of a signed payment request's chain besides the system's own (a
    /// private CA, a test's root); empty by default.
    public var paymentRequestTrustedRoots: [[UInt8]]

    /// Creates a configuration.
    public init(
        network: DashSpendNetwork = .mainnet,
        baseURLOverrides: [GiftCardProvider: URL] = [:],
        credentials: any CredentialStore,
        transport: any HTTPTransport,
        clientId: String = "dcg_swift",
        timeout: Double = 20,
        now: @escaping @Sendable () -> Date = { Date() },
        diagnostics: any DiagnosticsSink = SilentDiagnostics(),
        criticalSections: CriticalSections = CriticalSections(),
        paymentRequestTrustedRoots: [[UInt8]] = []
    ) {
        self.network = network
        self.baseURLOverrides = baseURLOverrides
        self.credentials = credentials
        self.transport = transport
        self.clientId = clientId
        self.timeout = timeout
        self.now = now
        self.diagnostics = diagnostics
        self.criticalSections = criticalSections
        self.paymentRequestTrustedRoots = paymentRequestTrustedRoots
    }

    /// The base URL to use for `provider`.
    public func baseURL(for provider: GiftCardProvider) -> URL {
        baseURLOverrides[provider] ?? provider.info.baseURL(for: network)
    }
}
