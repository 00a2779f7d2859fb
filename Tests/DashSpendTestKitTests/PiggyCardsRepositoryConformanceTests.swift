#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendHTTP
import DashSpendPiggyCards
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

@Suite("The PiggyCards repository passes the repository conformance suite", hangGuard(minutes: 2))
struct PiggyCardsRepositoryConformanceTests {
    /// Brand 177 of `Fixtures/Providers/piggycards/giftcards/177.json`, as PiggyCards' offer rules map it.
    static let amazon = ProviderMerchantDetails(
        provider: .piggyCards, sourceId: "177", name: "Amazon US", enabled: true, discountBasisPoints: 250,
        denominationsType: .flexible, denominations: .flexible(minimum: 5, maximum: 500),
        fetchedAt: Date(timeIntervalSince1970: 0))

    @Test func piggyCardsRepositoryConforms() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let transport = URLSessionTransport()
        // PiggyCards answers an unknown brand with an empty list of cards: a disabled offer, not an error.
        let expectations = RepositoryConformance.Expectations(
            provider: .piggyCards, knownMerchant: Self.amazon, unknownSourceId: "999", unknownMerchantAnswer: .disabledOffer,
            signedInCredentials: server.signedInCredentials(for: .piggyCards),
            signIn: .init(email: "user@example.com", code: MockProviderServer.validCode, wrongCode: "999999"))
        let result = try await RepositoryConformance(expectations: expectations) { credentials in
            PiggyCardsRepository(configuration: server.configuration(credentials: credentials, transport: transport))
        }.run()
        #expect(result.passed)
        #expect(result.skipped.isEmpty)
    }
}
#endif
