import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// The client is a composition root: every service it forwards to shares one environment, whose providers
/// the repository factory makes once per client (one CTX session, one in-process single flight).
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
        let later = try fixture.laterClient()
        #expect(later.providersMade.isEmpty, "each client has its own providers")
        _ = try await later.signInStatus()
        #expect(later.providersMade == Self.once)
        #expect(client.providersMade == Self.once)
    }

    @Test("An offline client makes its providers for the sign-in state only, and asks none of them")
    func offlineClient() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let client = try DashSpendClient(
            configuration: ClientFixture.configuration(state: fixture.state, server: fixture.server, offline: true))
        _ = try await client.merchant(BuyingFixture.nike, policy: .networkFirst)
        #expect(client.providersMade.isEmpty, "an offline lookup makes no provider")
        #expect(try await client.signInStatus().contains { $0.provider == .ctx && $0.signedIn })
        _ = await ClientFixture.failure { try await client.quote(merchant: BuyingFixture.nike, amount: 25) }
        #expect(client.providersMade == Self.once)
        #expect(fixture.server.loopback.receivedRequests.isEmpty)
    }
}
