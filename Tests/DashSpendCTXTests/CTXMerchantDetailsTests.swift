import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("CTX merchant details through the loopback server", hangGuard(minutes: 2))
struct CTXMerchantDetailsTests {
    @Test func fixedCardWithStringValues() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let fetched = Date(timeIntervalSince1970: 1_760_000_000)
        let repository = CTXRepository(configuration: harness.configuration(now: { fetched }))
        let details = try await repository.merchantDetails(sourceId: "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f")
        #expect(details.provider == .ctx)
        #expect(details.name == "Home Depot")
        #expect(details.enabled == true)
        #expect(details.discountBasisPoints == 300)
        #expect(details.denominationsType == .fixed)
        #expect(details.denominations == .fixed([10, 25, 50, Decimal(string: "12.5")!]))
        #expect(details.fetchedAt == fetched)
        let request = try #require(harness.server.loopback.receivedRequests.last)
        #expect(request.headers["authorization"] == "Bearer \(MockProviderServer.defaultAccessToken)")
        #expect(request.headers["x-client-id"] == "dcg_swift_tests")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["content-type"] == "application/json")
    }

    @Test func explicitZeroUserDiscountWinsAndNumbersAreAccepted() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let details = try await CTXRepository(configuration: harness.configuration())
            .merchantDetails(sourceId: "8a4e2b90-5c3d-4f1a-b2e7-0c9d8e7f6a51")
        #expect(details.discountBasisPoints == 0)
        #expect(details.denominationsType == .flexible)
        #expect(details.denominations == .flexible(minimum: 5, maximum: 500))
    }

    @Test func legacyKeysAndMinMaxMajor() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let details = try await CTXRepository(configuration: harness.configuration())
            .merchantDetails(sourceId: "c0ffee00-1111-4222-8333-444455556666")
        #expect(details.discountBasisPoints == 275)
        #expect(details.denominationsType == .flexible)
        #expect(details.denominations == .flexible(minimum: Decimal(string: "12.5")!, maximum: 250))
    }

    @Test func disabledWithoutValuesKeepsTypeAndFloatDiscountDoesNotBreakDecoding() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let details = try await CTXRepository(configuration: harness.configuration())
            .merchantDetails(sourceId: "d15ab1ed-0000-4000-8000-00000000d15a")
        #expect(details.enabled == false)
        #expect(details.name == "Closed Cafe")
        #expect(details.denominationsType == .flexible)
        #expect(details.denominations == nil)
        #expect(details.discountBasisPoints == 451)
    }

    @Test func onlyAnIdMeansEnabledFixedWithNothingElse() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let details = try await CTXRepository(configuration: harness.configuration())
            .merchantDetails(sourceId: "0badf00d-2222-4333-8444-555566667777")
        #expect(details.enabled == true)
        #expect(details.discountBasisPoints == nil)
        #expect(details.denominationsType == .fixed)
        #expect(details.denominations == nil)
        #expect(details.name == nil)
    }

    @Test func withoutATokenNoRequestIsSent() async throws {
        let harness = try ProviderHarness()
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(sourceId: "x")
        }
        #expect(error == .signInRequired(.ctx))
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test func idIsEncodedAsOnePathSegment() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let error = await dashSpendError {
            _ = try await CTXRepository(configuration: harness.configuration()).merchantDetails(
                sourceId: "../gift-cards/purchase?x=1")
        }
        #expect(error == .unknownMerchant("../gift-cards/purchase?x=1"))
        #expect(harness.server.loopback.receivedRequests.last?.path == "/ctx/merchants/..%2Fgift-cards%2Fpurchase%3Fx%3D1")
    }
}
