import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// The client is the composition root: it makes each store's door and the providers once, and every service it
/// forwards to shares them (one orders file and one state file open, one CTX session, one in-process single
/// flight).
@Suite("A client makes each provider once and shares it between its services", hangGuard(minutes: 3))
struct CompositionRootTests {
    /// Every compiled-in provider, made once.
    static let once = Dictionary(uniqueKeysWithValues: GiftCardProvider.allCases.map { ($0, 1) })

    @Test("Sign-in, lookups, rates, quotes, orders and sign-out: the factory is called once per provider")
    func oneFactoryCallPerProvider() async throws {
        let fixture = try BuyingFixture(signedInTo: [])
        let client = fixture.client
        #expect(client.providersMade.isEmpty, "nothing is made before it is needed")

        #expect(try await client.signInStatus().allSatisfy { !$0.signedIn })
        _ = try await client.login(.ctx, email: "someone@example.com")
        _ = try await client.verify(.ctx, code: MockProviderServer.validCode)
        _ = try await client.merchant(BuyingFixture.nike, policy: .networkFirst)
        for provider in GiftCardProvider.allCases {
            _ = await ClientFixture.failure { try await client.exchangeRate(from: provider, policy: .networkOnly) }
        }
        let order = try await client.placeOrder(try await client.quote(merchant: BuyingFixture.nike, amount: 25))
        _ = try await client.order(id: order.id)
        _ = await ClientFixture.failure { try await client.order(transactionId: "00ff", provider: .ctx) }
        #expect(try await client.signInStatus().contains { $0.provider == .ctx && $0.signedIn })
        for provider in GiftCardProvider.allCases { try await client.logout(provider) }

        #expect(client.providersMade == Self.once)
        #expect(client.storeOpens == (orders: 1, state: 1), "each store opened once by its door")
        for file in ["orders.db", "state.db"] {
            let open = Self.openDescriptors(of: fixture.state.path + "/mainnet/" + file)
            #expect(open == nil || open == 1, "\(file) open \(open ?? 0) times")
        }
        let later = try fixture.laterClient()
        #expect(later.providersMade.isEmpty, "each client has its own providers")
        _ = try await later.signInStatus()
        #expect(later.providersMade == Self.once)
        #expect(client.providersMade == Self.once)
    }

    @Test("An offline client makes its providers for the sign-in state only, and asks none of them")
    func offlineClient() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        var configuration = ClientFixture.configuration(state: fixture.state, server: fixture.server, offline: true)
        configuration.ordersAccess = .readOnly
        let client = try DashSpendClient(configuration: configuration)
        _ = try await client.merchant(BuyingFixture.nike, policy: .networkFirst)
        #expect(client.providersMade.isEmpty, "an offline lookup makes no provider")
        #expect(try await client.signInStatus().contains { $0.provider == .ctx && $0.signedIn })
        _ = await ClientFixture.failure { try await client.quote(merchant: BuyingFixture.nike, amount: 25) }
        #expect(client.providersMade == Self.once)
        #expect(fixture.server.loopback.receivedRequests.isEmpty)
        #expect(client.storeOpens.orders == 0, "a client reading orders only never opens them for writing")
    }

    @Test("A client reading orders only: a lookup, a search and the orders listed leave the orders file unopened for writing")
    func readingOpensNoOrderStore() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        var configuration = ClientFixture.configuration(state: fixture.state, server: fixture.server, offline: true)
        configuration.ordersAccess = .readOnly
        let client = try DashSpendClient(configuration: configuration)
        _ = try await client.merchant(BuyingFixture.nike, policy: .cacheOnly)
        _ = try client.search(MerchantSearch(text: "Nike"))
        #expect(try client.orders().isEmpty)
        #expect(client.storeOpens == (orders: 0, state: 1))
        let refused = try #require(
            await ClientFixture.failure {
                try client.recordPayment(orderId: "o", transactionId: String(repeating: "ab", count: 32))
            })
        #expect(refused.kind == .invalidRequest && refused.message.contains("only to read"), "\(refused.message)")
    }

    @Test("The orders database is opened for writing once, by the client's initialiser, before any call")
    func ordersOpenedByTheInitialiser() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let path = fixture.state.path + "/mainnet/orders.db"
        let before = Self.openDescriptors(of: path)
        let client = try DashSpendClient(
            configuration: ClientFixture.configuration(state: fixture.state, server: fixture.server))
        #expect(client.storeOpens == (orders: 1, state: 0), "the orders with the client, the cache not yet")
        #expect(FileManager.default.fileExists(atPath: path))
        if let before, let after = Self.openDescriptors(of: path) { #expect(after == before + 1, "one more descriptor") }
        #expect(try client.orders().isEmpty)
        _ = try await client.merchant(BuyingFixture.nike, policy: .cacheOnly)
        #expect(client.storeOpens == (orders: 1, state: 1))
    }

    @Test("A lookup that may ask the network reads each credentials file once (checked, then signed in, then sent)")
    func oneCredentialsReadPerLookup() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let store = FileCredentialStore(root: fixture.state.path)
        var configuration = ClientFixture.configuration(state: fixture.state, server: fixture.server)
        configuration.credentials = store
        let client = try DashSpendClient(configuration: configuration)
        let resolved = try await client.merchant(BuyingFixture.nike, policy: .networkFirst)
        #expect(resolved.offers.contains { $0.provider == .ctx && $0.enabled.source == .live })
        #expect(store.fileReads == 1, "read \(store.fileReads) times")
    }

    /// How many of this process's open file descriptors are `path` (read from `/proc/self/fd` on Linux; nil
    /// where there is none to read).
    static func openDescriptors(of path: String) -> Int? {
        let folder = "/proc/self/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return names.filter { name in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)
            return target == path || target == resolved
        }.count
    }
}
