import DashSpend
import DashSpendCore
import DashSpendExplore
import DashSpendHTTP
import DashSpendTestSupport
import Foundation

/// A merchant service over a small v4 file whose provider ids the mock server knows, with the mock
/// provider APIs on loopback and an in-memory credential store.
struct ServiceFixture {
    static let homeCTX = "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f"  // mock: fixed 10/12.50/25/50, 300 bp
    static let bareCTX = "0badf00d-2222-4333-8444-555566667777"  // mock: only an id
    static let missingCTX = "99999999-0000-4000-8000-000000000000"  // mock: 404
    static let upperCTX = "c0ffee00-aaaa-4bbb-8ccc-ddddeeeeffff"  // mock: answers with the id in upper case

    static let rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType, redeemType)
        VALUES
            (1, 'm-home', 'Home Depot', 'both', 'gift card', 1, 250, 'min-max', 'barcode'),
            (2, 'm-bare', 'Bare Merchant', 'online', 'gift card', 0, 700, 'min-max', 'barcode'),
            (3, 'm-missing', 'Missing Merchant', 'online', 'gift card', 1, 150, 'fixed', 'barcode'),
            (4, 'm-dash', 'Dash Diner', 'physical', 'dash', 0, NULL, NULL, NULL),
            (5, 'm-tie', 'Tie Shop', 'online', 'gift card', 1, 200, 'fixed', 'barcode'),
            (6, 'm-upper', 'Upper Case Cafe', 'online', 'gift card', 1, 100, 'fixed', 'barcode'),
            (7, 'm-blank', 'Blank Id', 'online', 'gift card', 1, 100, 'fixed', 'barcode'),
            (8, 'm-piggy', 'Piggy Only', 'online', 'gift card', 1, 300, 'fixed', 'barcode');
        INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
        VALUES
            (1, 'm-home', 'CTX', 'barcode', 250, 1, 'min-max', '\(homeCTX)'),
            (2, 'm-home', 'PiggyCards', 'barcode', 100, 1, 'fixed', 177),
            (3, 'm-bare', 'CTX', 'barcode', 700, 0, 'min-max', '\(bareCTX)'),
            (4, 'm-missing', 'CTX', 'barcode', 150, 1, 'fixed', '\(missingCTX)'),
            (5, 'm-tie', 'CTX', 'barcode', 200, 1, 'fixed', 'tie-ctx'),
            (6, 'm-tie', 'PiggyCards', 'barcode', 200, 1, 'fixed', 205),
            (7, 'm-upper', 'CTX', 'barcode', 100, 1, 'fixed', '\(upperCTX)'),
            (8, 'm-blank', 'CTX', 'barcode', 100, 1, 'fixed', '  '),
            (9, 'm-piggy', 'PiggyCards', 'barcode', 300, 1, 'fixed', 212);
        """

    let directory: ScratchDirectory
    let database: ExploreDatabase
    let server: MockProviderServer
    let credentials = InMemoryCredentialStore()
    let cache = InMemoryOfferCache()

    init() throws {
        directory = try ScratchDirectory()
        database = try ExploreDatabase(path: try FixtureDatabase.make(version: 4, rows: Self.rows, in: directory))
        server = try MockProviderServer.started()
    }

    /// The repositories the factory builds, pointed at the mock server, stamping answers with `now`.
    func repositories(now: @escaping @Sendable () -> Date = { Date() }) -> [GiftCardProvider: any DashSpendRepository] {
        RepositoryFactory(
            configuration: server.configuration(credentials: credentials, transport: URLSessionTransport(), now: now)
        )
        .makeRepositories()
    }

    /// A fresh service (its own in-memory throttle) sharing this fixture's cache and credentials.
    func service(
        country: String? = nil, timeToLive: Double = 30, now: @escaping @Sendable () -> Date = { Date() }
    ) -> MerchantService {
        MerchantService(
            database: database, repositories: repositories(now: now), cache: cache, country: country,
            liveTimeToLive: timeToLive, now: now)
    }

    /// Signs the user in to `provider` as if `auth verify` had run.
    func signIn(_ provider: GiftCardProvider) throws {
        try credentials.save(server.signedInCredentials(for: provider), for: provider, network: .mainnet)
    }

    /// How many merchant-details requests CTX received for `sourceId`.
    func ctxRequests(_ sourceId: String) -> Int { server.requestCount(.ctx, "merchants/\(sourceId)") }
}

extension ResolvedMerchant {
    /// The offer of `provider`.
    func offer(_ provider: GiftCardProvider) -> ResolvedOffer? { offers.first { $0.provider == provider } }
}
