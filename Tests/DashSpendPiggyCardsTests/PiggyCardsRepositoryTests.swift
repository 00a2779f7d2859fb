#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendPiggyCards
import DashSpendTestSupport
import Foundation
import Testing

/// The card fields the repository keeps as received (its `PiggyCardsGiftcard.rawKeys`, which is internal).
enum PiggyCardsGiftcardRawKeys {
    static let all: Set<String> = [
        "id", "name", "brand_id", "price_type", "currency", "discount_percentage", "min_denomination",
        "max_denomination", "denomination", "quantity",
    ]
}

@Suite("PiggyCards through the loopback server", hangGuard(minutes: 2))
struct PiggyCardsRepositoryTests {
    @Test func signupVerifyLoginStoresEverything() async throws {
        let harness = try ProviderHarness()
        let now = Date(timeIntervalSince1970: 1_760_000_000)
        let repository = PiggyCardsRepository(configuration: harness.configuration(now: { now }))
        try await repository.login(email: "user@example.com")
        let signup = try #require(harness.server.loopback.receivedRequests.last)
        #expect(signup.path == "/piggycards/signup")
        #expect(signup.json?["email"]?.string == "user@example.com")
        #expect(signup.json?["country"]?.string == "US")
        #expect(await repository.isSignedIn() == false)
        try await repository.verify(code: MockProviderServer.validCode)
        #expect(await repository.isSignedIn())
        let stored = try #require(try harness.stored(.piggyCards))
        #expect(stored.userId == MockProviderServer.piggyCardsUserId)
        #expect(stored.password == MockProviderServer.piggyCardsPassword)
        #expect(stored.accessToken == MockProviderServer.defaultAccessToken)
        #expect(stored.accessTokenExpiresAt == now.addingTimeInterval(3600))
        let paths = harness.server.loopback.receivedRequests.map(\.path)
        #expect(paths == ["/piggycards/signup", "/piggycards/verify-otp", "/piggycards/login"])
        _ = try await repository.merchantDetails(sourceId: "177")
    }

    @Test("The answer keeps the cards' own fields as received, for the state database")
    func answerKeepsTheRawCards() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        let details = try await repository.merchantDetails(sourceId: "174")
        let cards = try #require(details.raw?["data"]?.array)
        #expect(!cards.isEmpty)
        #expect(cards.contains { $0["name"]?.string?.contains("Xbox Live") == true && $0["brand_id"]?.int == 174 })
        #expect(cards.allSatisfy { Set(($0.object ?? [:]).keys).isSubset(of: PiggyCardsGiftcardRawKeys.all) })
    }

    @Test func wrongCodeIsWrongCode() async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        let error = await dashSpendError { try await repository.verify(code: "999999") }
        #expect(error == .wrongCode)
        #expect(await repository.isSignedIn() == false)
    }

    struct OfferCase: Sendable, CustomTestStringConvertible {
        let brand: String
        let enabled: Bool
        let discount: Int
        let denominations: Denominations?
        let type: DenominationsType
        var testDescription: String { "brand \(brand)" }
    }

    static let offers: [OfferCase] = [
        OfferCase(
            brand: "177", enabled: true, discount: 250, denominations: .flexible(minimum: 5, maximum: 500), type: .flexible),
        OfferCase(brand: "205", enabled: true, discount: 175, denominations: .fixed([20, 50]), type: .fixed),
        OfferCase(brand: "212", enabled: true, discount: -50, denominations: .fixed([10, 25, 50, 100]), type: .fixed),
        // Brand 174: its "Xbox Live 12 Months" card (9 %) is disabled; its other card and the Xbox cards of
        // brands 175 and 176 stay, so the Range card decides (5 % → 350 basis points).
        OfferCase(
            brand: "174", enabled: true, discount: 350, denominations: .flexible(minimum: 10, maximum: 100), type: .flexible),
        OfferCase(brand: "230", enabled: true, discount: -25, denominations: .fixed([50, 75]), type: .fixed),
        OfferCase(brand: "999", enabled: false, discount: 0, denominations: nil, type: .fixed),
    ]

    @Test(arguments: offers)
    func brandToOneOffer(_ offer: OfferCase) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let details = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(
            sourceId: offer.brand)
        #expect(details.provider == .piggyCards)
        #expect(details.sourceId == offer.brand)
        #expect(details.enabled == offer.enabled)
        #expect(details.discountBasisPoints == offer.discount)
        #expect(details.denominationsType == offer.type)
        #expect(details.denominations == offer.denominations)
        let request = try #require(harness.server.loopback.receivedRequests.last)
        #expect(request.path == "/piggycards/giftcards/US")
        #expect(request.queryItem("brandId") == offer.brand)
        #expect(request.bearerToken == MockProviderServer.defaultAccessToken)
    }

    @Test func reLoginsWhenLessThanFiveMinutesRemainOnceForConcurrentCallers() async throws {
        let harness = try ProviderHarness()
        let now = Date()
        var credentials = harness.server.signedInCredentials(for: .piggyCards, now: now)
        credentials.accessTokenExpiresAt = now.addingTimeInterval(200)
        try harness.store.save(credentials, for: .piggyCards, network: .mainnet)
        harness.server.loopback.inject(.delay(0.3), path: "/piggycards/login")
        let repository = PiggyCardsRepository(configuration: harness.configuration(timeout: 20, now: { now }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await repository.merchantDetails(sourceId: "177") } }
            try await group.waitForAll()
        }
        #expect(harness.server.requestCount(.piggyCards, "login") == 1)
        let stored = try #require(try harness.stored(.piggyCards))
        #expect(stored.accessToken == "\(MockProviderServer.defaultAccessToken)-1")
        #expect(stored.accessTokenExpiresAt == now.addingTimeInterval(3600))
    }

    @Test func noReLoginWhileTheTokenIsFresh() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        #expect(harness.server.requestCount(.piggyCards, "login") == 0)
    }

    @Test func rejectedTokenReLogsInOnceAndRetries() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.expireAccessTokens(for: .piggyCards)
        let details = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        #expect(details.enabled == true)
        #expect(harness.server.requestCount(.piggyCards, "login") == 1)
        #expect(harness.server.requestCount(.piggyCards, "giftcards/US") == 2)
    }

    @Test func withoutCredentialsSignInIsRequired() async throws {
        let harness = try ProviderHarness()
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        }
        #expect(error == .signInRequired(.piggyCards))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let fixture: String?
        let body: String
        let expected: DashSpendError
        var testDescription: String { "\(status) \(fixture ?? body)" }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(
            status: 500, fixture: "piggycards/errors/out-of-stock.json", body: "",
            expected: .outOfStock("Gift card 9102 is out of stock")),
        ErrorCase(
            status: 500, fixture: "piggycards/errors/server-error.json", body: "",
            expected: .serverError(status: 500, message: "Upstream supplier unavailable")),
        ErrorCase(status: 403, fixture: nil, body: #"{"error":"Forbidden"}"#, expected: .unauthorized(.piggyCards)),
        ErrorCase(
            status: 422, fixture: nil, body: #"{"error":"denomination is invalid"}"#,
            expected: .invalidAmount("denomination is invalid")),
        ErrorCase(status: 404, fixture: nil, body: "{}", expected: .unknownMerchant("177")),
        ErrorCase(
            status: 400, fixture: nil, body: "Client Transactions Not Allowed For This Region", expected: .regionNotAllowed),
    ]

    @Test(arguments: errors)
    func giftCardErrors(_ testCase: ErrorCase) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let body = testCase.fixture.map(harness.server.fixtureText) ?? testCase.body
        harness.server.loopback.inject(.respond(status: testCase.status, body: body), path: "/piggycards/giftcards/US")
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        }
        #expect(error == testCase.expected)
    }

    @Test func wrongCodeAs422IsWrongCode() async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(
            .respond(status: 422, body: #"{"errors":[{"code":"OTP","message":"Invalid or expired verification code"}]}"#),
            path: "/piggycards/verify-otp")
        #expect(await dashSpendError { try await repository.verify(code: "1") } == .wrongCode)
    }

    @Test(
        "HTTP 200 but not a gift-card answer: unreadable, never a brand without cards",
        arguments: [
            #"{"foo":1}"#, #"{"data":"x"}"#, #"{"data":{"id":1}}"#, #"{"code":500,"data":null}"#,
            #"{"code":"201","data":[]}"#, #"{"code":200,"data":[1,"x",null,[]]}"#,
        ])
    func malformedGiftCardsAreUnreadable(body: String) async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.loopback.inject(.respond(status: 200, body: body), path: "/piggycards/giftcards/US")
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        }
        guard case .unreadableAnswer? = error else {
            Issue.record("\(body): expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test("\"data\": null with code 200 (or no code) is a brand without cards: a disabled offer")
    func nullDataIsNoCards() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        for body in [#"{"code":200,"message":"No gift cards found","data":null}"#, #"{"data":[]}"#] {
            harness.server.loopback.inject(.respond(status: 200, body: body), path: "/piggycards/giftcards/US", times: 1)
            let details = try await repository.merchantDetails(sourceId: "177")
            #expect(details.enabled == false, "\(body)")
        }
    }

    @Test func malformedAnswerIsUnreadable() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.loopback.inject(.malformedJSON, path: "/piggycards/giftcards/US")
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: "177")
        }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }
}
#endif
