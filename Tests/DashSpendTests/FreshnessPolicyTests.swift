import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// The fetch policies over the real state database (`<state>/mainnet/state.db`) and the mock provider on
/// loopback, with a clock the test moves: cache first with a max age, network first, and what a failed or
/// malformed answer does to the stored one (nothing).
@Suite(
    "Fetch policies: the state database is the source of truth, fresh answers are not asked again",
    hangGuard(minutes: 3))
struct FreshnessPolicyTests {
    let state: ScratchDirectory
    let server: MockProviderServer
    let clock = ManualClock()
    let credentials = InMemoryCredentialStore()
    let diagnostics = CollectingDiagnostics()

    init() throws {
        state = try ScratchDirectory(prefix: "freshness")
        server = try MockProviderServer.started()
        try credentials.save(server.signedInCredentials(for: .ctx), for: .ctx, network: .mainnet)
    }

    /// A client over the state directory, as a new process would build one (its own memory, the same file).
    func client() throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(state: state, server: server, diagnostics: diagnostics)
        configuration.credentials = credentials
        let clock = self.clock
        configuration.now = { clock.now }
        return try DashSpendClient(configuration: configuration)
    }

    var merchantPath: String { server.path(.ctx, "merchants/\(ClientFixture.homeDepot)") }
    var requests: Int { server.requestCount(.ctx, "merchants/\(ClientFixture.homeDepot)") }

    func ctx(_ merchant: ResolvedMerchant) throws -> ResolvedOffer {
        try #require(merchant.offers.first { $0.provider == .ctx })
    }

    /// The stored row of Home Depot's answer from `provider` (CTX by default), read with SQL: fetchedAt,
    /// offer, raw.
    func storedRow(
        provider: String = "ctx", sourceId: String = ClientFixture.homeDepot
    ) throws -> (fetchedAt: Double, offer: String, raw: String?)? {
        let connection = try SQLiteConnection(path: state.path + "/mainnet/state.db", mode: .readOnly)
        return try connection.fetchOne(
            "SELECT fetchedAt, offer, raw FROM provider_answer WHERE provider = ?1 AND sourceId = ?2",
            [.text(provider), .text(sourceId)]
        ) { ($0.double("fetchedAt") ?? -1, $0.text("offer") ?? "", $0.text("raw")) }
    }

    @Test("A stored answer younger than its max age is used with zero requests; an older one is asked again")
    func cacheFirstFreshness() async throws {
        let first = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(try ctx(first).discountBasisPoints.source == .live)
        #expect(requests == 1)

        clock.advance(by: 29)
        let fresh = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(requests == 1, "a 29 s old answer is younger than CTX's 30 s: not asked")
        let offer = try ctx(fresh)
        #expect(offer.discountBasisPoints.source == .cached)
        #expect(offer.discountBasisPoints.value == ClientFixture.homeDepotLiveDiscount)
        #expect(fresh.age(of: try #require(offer.discountBasisPoints.fetchedAt)) == 29)
        #expect(offer.liveError == nil)

        clock.advance(by: 1)
        let stale = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(requests == 2, "30 s old is no longer fresh: asked again")
        #expect(try ctx(stale).discountBasisPoints.source == .live)
        #expect(try storedRow()?.fetchedAt == clock.now.timeIntervalSince1970, "written through with the new time")

        _ = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst(maxAge: 600))
        #expect(requests == 2)
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst(maxAge: 0))
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst(maxAge: 0))
        #expect(requests == 4, "max age 0 always asks")
    }

    @Test("The answer is written with the provider's raw fields and read back from the state database")
    func writtenThroughWithRaw() async throws {
        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        let row = try #require(try storedRow())
        let raw = try JSONValue.parse(Data(try #require(row.raw).utf8))
        #expect(raw["savingsPercentage"]?.int == ClientFixture.homeDepotLiveDiscount)
        #expect(raw["denominations"] == .array([.string("5"), .string("1000")]))
        #expect(raw["info"] == nil, "only the fields the offer is made from")
        #expect(row.fetchedAt == clock.now.timeIntervalSince1970)
        let stored = try JSONValue.parse(Data(row.offer.utf8))
        #expect(stored["discountBasisPoints"]?.int == (try ctx(merchant).discountBasisPoints.value))
    }

    @Test("Network first with the provider failing keeps the stored answer and reports the failure")
    func networkFirstFailure() async throws {
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        let before = try #require(try storedRow())
        clock.advance(by: 600)
        server.loopback.inject(.respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#), path: merchantPath)
        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        let offer = try ctx(merchant)
        #expect(offer.discountBasisPoints.source == .cached)
        #expect(offer.discountBasisPoints.value == ClientFixture.homeDepotLiveDiscount)
        #expect(merchant.age(of: try #require(offer.discountBasisPoints.fetchedAt)) == 600)
        guard case .serverError(status: 500, _)? = offer.liveError else {
            Issue.record("the 500 is reported with the result, got \(String(describing: offer.liveError))")
            return
        }
        let after = try #require(try storedRow())
        #expect(after.fetchedAt == before.fetchedAt && after.offer == before.offer && after.raw == before.raw)
    }

    @Test("Failed and malformed answers leave the stored answer untouched")
    func failedAndMalformedKeepStored() async throws {
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        let before = try #require(try storedRow())
        let faults: [LoopbackFault] = [
            .respond(status: 503, body: "{}"), .malformedJSON, .respond(status: 200, body: #"{"name":"no id"}"#),
            .respond(status: 200, body: #"{"id":"\#(ClientFixture.homeDepot)","savingsPercentage":99999}"#),
            .respond(status: 200, body: #"{"id":"\#(ClientFixture.homeDepot)","enabled":"perhaps"}"#),
        ]
        for fault in faults {
            clock.advance(by: 60)
            server.loopback.inject(fault, path: merchantPath, times: 1)
            _ = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
            let after = try #require(try storedRow())
            #expect(
                after.fetchedAt == before.fetchedAt && after.offer == before.offer && after.raw == before.raw,
                "\(fault) replaced the stored answer")
        }
        // The implausible discount was dropped from the live answer: the stored one shows through.
        clock.advance(by: 60)
        server.loopback.inject(
            .respond(status: 200, body: #"{"id":"\#(ClientFixture.homeDepot)","savingsPercentage":99999}"#),
            path: merchantPath, times: 1)
        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        #expect(try ctx(merchant).discountBasisPoints.source == .cached)
    }

    #if PIGGYCARDS_ENABLED
    /// Home Depot's PiggyCards brand in the sample.
    static let homeDepotBrand = "177"
    var giftCardsPath: String { server.path(.piggyCards, "giftcards/US") }
    var giftCardRequests: Int { server.requestCount(.piggyCards, "giftcards/US") }

    func piggyCards(_ merchant: ResolvedMerchant) throws -> ResolvedOffer {
        try #require(merchant.offers.first { $0.provider == .piggyCards })
    }

    @Test(
        "PiggyCards: answers that came back HTTP 200 but are malformed leave the stored answer untouched",
        arguments: [
            #"{"foo":1}"#, #"{"data":"x"}"#, #"{"code":500,"data":null}"#, #"{"code":200,"data":[1,"x",null]}"#,
            #"{"code":"404","message":"no","data":[]}"#, #"[]"#,
        ])
    func piggyCardsMalformedKeepsStored(body: String) async throws {
        try credentials.save(server.signedInCredentials(for: .piggyCards), for: .piggyCards, network: .mainnet)
        let good = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        #expect(try piggyCards(good).enabled == Resolved(true, source: .live, provider: .piggyCards, fetchedAt: clock.now))
        let before = try #require(try storedRow(provider: "piggycards", sourceId: Self.homeDepotBrand))
        clock.advance(by: 120)
        server.loopback.inject(.respond(status: 200, body: body), path: giftCardsPath, times: 1)
        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst)
        let offer = try piggyCards(merchant)
        guard case .unreadableAnswer? = offer.liveError else {
            Issue.record("\(body) is reported as unreadable, got \(String(describing: offer.liveError))")
            return
        }
        #expect(offer.enabled.value == true && offer.enabled.source == .cached, "\(body) became a disabled offer")
        let after = try #require(try storedRow(provider: "piggycards", sourceId: Self.homeDepotBrand))
        #expect(
            after.fetchedAt == before.fetchedAt && after.offer == before.offer && after.raw == before.raw,
            "\(body) replaced the stored answer")
    }

    @Test("PiggyCards' gift cards stay fresh for 60 s: 45 s old is not asked, 75 s old is")
    func piggyCardsMaxAgeIsSixtySeconds() async throws {
        try credentials.save(server.signedInCredentials(for: .piggyCards), for: .piggyCards, network: .mainnet)
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(giftCardRequests == 1)
        clock.advance(by: 45)
        let fresh = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(giftCardRequests == 1, "45 s old is younger than PiggyCards' 60 s: not asked")
        #expect(try piggyCards(fresh).discountBasisPoints.source == .cached)
        #expect(requests == 2, "while CTX's 30 s had passed: asked again")
        clock.advance(by: 30)
        let stale = try await client().merchant(ClientFixture.homeDepot, policy: .cacheFirst())
        #expect(giftCardRequests == 2, "75 s old is no longer fresh: asked again")
        #expect(try piggyCards(stale).discountBasisPoints.source == .live)
    }
    #endif

    @Test("Offline never asks, and shows the stored values as cached")
    func offlineAfterLive() async throws {
        let live = try ctx(try await client().merchant(ClientFixture.homeDepot, policy: .networkFirst))
        clock.advance(by: 3600)
        let offline = try ctx(try await client().merchant(ClientFixture.homeDepot, policy: .cacheOnly))
        #expect(requests == 1)
        #expect(offline.discountBasisPoints.value == live.discountBasisPoints.value)
        #expect(offline.denominations.value == live.denominations.value)
        #expect(offline.enabled.value == live.enabled.value)
        #expect(
            [offline.enabled.source, offline.discountBasisPoints.source, offline.denominations.source] == [
                .cached, .cached, .cached,
            ])
    }
}
