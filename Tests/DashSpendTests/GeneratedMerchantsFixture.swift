import DashSpend
import DashSpendTestSupport
import Foundation

/// A client over a database of generated merchants (``FixtureDatabase/makeGenerated(merchants:dashMerchants:named:in:)``)
/// whose providers are the mock server on loopback, with an in-memory credential store.
struct GeneratedMerchantsFixture {
    let state: ScratchDirectory
    let server: MockProviderServer
    let credentials = InMemoryCredentialStore()
    let databasePath: String

    init(merchants: Int, dashMerchants: Int = 0) throws {
        // Hundreds of answers written through: in memory, so that they do not hold the test threads on disk syncs.
        state = try ScratchDirectory(prefix: "generated-merchants", inMemory: true)
        server = try MockProviderServer.started()
        databasePath = try FixtureDatabase.makeGenerated(
            merchants: merchants, dashMerchants: dashMerchants, named: "generated.db", in: state)
    }

    /// Signs the user in to every compiled-in provider.
    func signIn() throws {
        for provider in GiftCardProvider.allCases {
            try credentials.save(server.signedInCredentials(for: provider), for: provider, network: .mainnet)
        }
    }

    /// A new client (its own loader) over the database, the mock server and the credentials; `bound` sets
    /// the requests per provider at a time, nil leaves the default.
    func client(bound: Int? = nil, offline: Bool = false, timeout: Double? = nil) throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(
            state: state, server: server, offline: offline, database: .file(databasePath))
        configuration.credentials = credentials
        if let bound { configuration.maxConcurrentRequestsPerProvider = bound }
        if let timeout { configuration.timeout = timeout }
        return try DashSpendClient(configuration: configuration)
    }

    /// How many merchant-details requests CTX received for the `number`-th generated merchant.
    func ctxRequests(_ number: Int) -> Int {
        server.requestCount(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(number))")
    }
}
