import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// `DashSpendClient.search(_:policy:)`: a page of the database's search with every merchant resolved through
/// the service, each once, within the bound on requests per provider; a merchant that fails keeps its
/// failure in its row.
@Suite("A search page resolved under a policy", hangGuard(minutes: 5))
struct ResolvedSearchTests {
    static let search = MerchantSearch(text: "Generated", limit: 100)

    @Test("Every merchant of the page is resolved live, in the page's order, each provider asked once per merchant")
    func everyMerchantOnce() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 30, dashMerchants: 2)
        try fixture.signIn()
        let client = try fixture.client()
        let resolved = try await client.search(Self.search, policy: .networkOnly)

        #expect(resolved.page == (try client.search(Self.search)), "the page the plain search gives")
        #expect(resolved.rows.map(\.summary) == resolved.page.merchants)
        #expect(resolved.rows.count == 32)
        for row in resolved.rows {
            let merchant = try #require(row.resolved, "\(row.summary.merchantId): \(String(describing: row.failure))")
            #expect(merchant.merchant.merchantId == row.summary.merchantId)
            if row.summary.paymentMethod == .dash {
                #expect(merchant.offers.isEmpty)
                continue
            }
            let offer = try #require(merchant.offer(.ctx))
            #expect(offer.discountBasisPoints.value == MockProviderServer.generatedMerchantDiscount)
            #expect(offer.discountBasisPoints.source == .live)
            #expect(merchant.enabled.value && merchant.enabled.source == .live)
            #expect(row.summary.discountBasisPoints == FixtureDatabase.generatedLocalDiscount, "the summary stays the file's")
        }
        #expect((1...30).allSatisfy { fixture.ctxRequests($0) == 1 })
        for provider in GiftCardProvider.allCases {
            #expect(fixture.server.requestCount(provider) == 30, "\(provider.displayName): once per gift-card merchant")
        }
    }

    @Test("A merchant whose provider fails carries the failure in its row; the rest of the page is resolved")
    func failureStaysInItsRow() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 5)
        try fixture.signIn()
        fixture.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: fixture.server.path(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(3))"))
        let resolved = try await fixture.client().search(Self.search, policy: .networkOnly)

        #expect(resolved.rows.count == 5)
        for row in resolved.rows {
            if row.summary.merchantId == FixtureDatabase.generatedMerchantId(3) {
                let failure = try #require(row.failure)
                #expect(failure.kind == .unavailable)
                #expect(failure.message.contains("500"), "\(failure.message)")
                #expect(row.resolved == nil)
            } else {
                #expect(row.resolved?.offer(.ctx)?.discountBasisPoints.source == .live, "\(row.summary.merchantId)")
            }
        }
    }

    @Test("Under cache-only the stored answers of a live search come back without a request; network first falls back to them")
    func otherPolicies() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 4)
        try fixture.signIn()
        _ = try await fixture.client().search(Self.search, policy: .networkOnly)
        let asked = fixture.server.requestCount(.ctx)
        #expect(asked == 4)

        // A new client: nothing in memory, only what the state database stored.
        let cached = try await fixture.client().search(Self.search, policy: .cacheOnly)
        #expect(fixture.server.requestCount(.ctx) == asked, "cache-only asks nobody")
        for row in cached.rows {
            let discount = try #require(row.resolved?.offer(.ctx)?.discountBasisPoints)
            #expect(discount.value == MockProviderServer.generatedMerchantDiscount)
            #expect(discount.source == .cached)
        }

        // Network first with the provider failing keeps the stored answer for the row.
        fixture.server.loopback.inject(
            .respond(status: 503, body: "{}"),
            path: fixture.server.path(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(2))"))
        let fallback = try await fixture.client().search(Self.search, policy: .networkFirst)
        let second = try #require(fallback.rows.first { $0.summary.merchantId == FixtureDatabase.generatedMerchantId(2) })
        let offer = try #require(second.resolved?.offer(.ctx))
        #expect(offer.discountBasisPoints.source == .cached)
        #expect(offer.liveError != nil)
    }

    @Test("The page's merchants are resolved a few at a time: requests per provider stay within the bound and reach it")
    func pageWithinTheBound() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 60)
        try fixture.signIn()
        // One provider's answers at a time are held until three of its requests are on the server together, so
        // the bound is reached whatever the machine's load (with each answer only slowed, the third was
        // sometimes sent after the first had been answered). One at a time: both providers are on one loopback
        // host, where URLSession opens at most six connections.
        let client = try fixture.client(bound: 3)
        for held in GiftCardProvider.allCases {
            fixture.server.loopback.resetCounters()
            let gate = LoopbackGate()
            fixture.server.setMerchantAnswerGate(gate, for: held)
            defer { gate.open() }
            let search = Task { try await client.search(Self.search, policy: .networkOnly) }
            try await waitUntil("three \(held.displayName) requests in flight") {
                fixture.server.requestsInFlight(held) >= 3
            }
            gate.open()
            let resolved = try await search.value
            fixture.server.setMerchantAnswerGate(nil, for: held)
            #expect(resolved.rows.allSatisfy { $0.resolved?.offer(.ctx)?.discountBasisPoints.source == .live })
            for provider in GiftCardProvider.allCases {
                #expect(fixture.server.maxRequestsInFlight(provider) <= 3, "\(provider.displayName)")
            }
            #expect(fixture.server.maxRequestsInFlight(held) == 3, "\(held.displayName)")
        }
    }

    @Test("A live-only search on an offline client is refused before anything is read; an empty page asks nobody")
    func refusedAndEmpty() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 2)
        let offline = try fixture.client(offline: true)
        let failure = try #require(
            await ClientFixture.failure { try await offline.search(Self.search, policy: .networkOnly) })
        #expect(failure.kind == .invalidRequest)
        #expect(failure.message.contains("Generated"), "\(failure.message)")
        #expect(!failure.message.contains("--"))

        try fixture.signIn()
        let empty = try await fixture.client().search(MerchantSearch(text: "Nothing Like This"), policy: .networkOnly)
        #expect(empty.rows.isEmpty)
        #expect(fixture.server.loopback.receivedRequests.isEmpty)
    }
}
