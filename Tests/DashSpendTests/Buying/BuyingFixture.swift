import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// A client over a scratch state directory and a mock provider server whose order book is on, signed in to
/// the providers a test names (credentials in the state directory's real files).
struct BuyingFixture {
    let state: ScratchDirectory
    let server: MockProviderServer
    let client: DashSpendClient
    /// What the clients of this fixture said to their diagnostics.
    let diagnostics = CollectingDiagnostics()

    /// Nike in the sample: CTX (and PiggyCards brand 205 in builds with it).
    static let nike = "a1b2c3d4-0002-4000-8000-000000000002"
    /// A live CTX answer for Nike: fixed values 10, 25 and 50.
    static let nikeFixedAnswer = """
        {"id":"a1b2c3d4-0002-4000-8000-000000000002","name":"Nike","enabled":true,"savingsPercentage":200,
         "denominationsType":"fixed","denominations":["10","25","50"]}
        """

    /// The DER roots the clients trust for payment request signatures besides the system's.
    let trustedRoots: [[UInt8]]

    init(signedInTo providers: [GiftCardProvider], trustedRoots: [[UInt8]] = []) throws {
        self.trustedRoots = trustedRoots
        state = try ScratchDirectory(prefix: "buying")
        server = try MockProviderServer.started()
        server.orderBook.enable()
        server.orderBook.setCTXMerchant(Self.nike, json: Self.nikeFixedAnswer)
        let store = FileCredentialStore(root: state.path)
        for provider in providers {
            try store.save(server.signedInCredentials(for: provider), for: provider, network: .mainnet)
        }
        var configuration = ClientFixture.configuration(state: state, server: server, diagnostics: diagnostics)
        configuration.paymentRequestTrustedRoots = trustedRoots
        client = try DashSpendClient(configuration: configuration)
    }

    /// Another client over the same state directory and server, as a later run of an app builds it (the
    /// merchant service keeps live answers in memory for a short while).
    func laterClient() throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(state: state, server: server, diagnostics: diagnostics)
        configuration.paymentRequestTrustedRoots = trustedRoots
        return try DashSpendClient(configuration: configuration)
    }

    /// How many requests reached the create endpoint of `provider`.
    func createRequests(_ provider: GiftCardProvider) -> Int {
        server.loopback.receivedRequests.filter {
            $0.method == "POST" && $0.path == server.path(provider, provider == .ctx ? "gift-cards" : "orders")
        }.count
    }

    /// The permission bits of the state database.
    var stateDatabaseMode: Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: state.path + "/mainnet/state.db")
        return (attributes?[.posixPermissions] as? NSNumber).map { $0.intValue & 0o777 }
    }

    /// Collects the states of order `id` until the sequence ends.
    func states(of id: String, polling: OrderPolling = OrderPolling(initial: 0.02, maximum: 0.05)) async
        -> [DataState<Order>]
    {
        var collected: [DataState<Order>] = []
        for await state in client.orderStates(id: id, polling: polling) { collected.append(state) }
        return collected
    }
}
