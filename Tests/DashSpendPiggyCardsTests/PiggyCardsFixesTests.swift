#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendPiggyCards

@Suite("PiggyCards: sign-in durability, races, hostile values and payTo", hangGuard(minutes: 2))
struct PiggyCardsFixesTests {
    /// Waits until `endpoint` received a request, and fails the test if it does not.
    private static func waitForRequest(_ harness: ProviderHarness, _ endpoint: String) async throws {
        try await waitUntil("a PiggyCards \(endpoint) request") { harness.server.requestCount(.piggyCards, endpoint) > 0 }
    }

    @Test func aFailedLoginAfterVerifyKeepsTheGeneratedPassword() async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: 503, body: ""), path: "/piggycards/login", times: 1)
        let error = await dashSpendError { try await repository.verify(code: MockProviderServer.validCode) }
        #expect(error == .serverError(status: 503, message: "HTTP 503"))
        let stored = try #require(try harness.stored(.piggyCards))
        #expect(stored.email == "user@example.com")
        #expect(stored.userId == MockProviderServer.piggyCardsUserId)
        #expect(stored.password == MockProviderServer.piggyCardsPassword)
        let details = try await repository.merchantDetails(sourceId: "177")
        #expect(details.sourceId == "177")
        #expect(harness.server.requestCount(.piggyCards, "login") == 2)
        #expect(try harness.stored(.piggyCards)?.accessToken?.isEmpty == false)
    }

    @Test func aLogoutDuringARenewalDoesNotResurrectTheSession() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.expireAccessTokens(for: .piggyCards)
        harness.server.loopback.inject(.delay(1), path: "/piggycards/login")
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        let task = Task { try await repository.merchantDetails(sourceId: "177") }
        try await Self.waitForRequest(harness, "login")
        try await repository.logout()
        let error = await dashSpendError { _ = try await task.value }
        #expect(error == .signInRequired(.piggyCards))
        #expect(try harness.stored(.piggyCards) == nil)
    }

    @Test func aBlankBrandIsUnknownBeforeSending() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).merchantDetails(sourceId: " ")
        }
        #expect(error == .unknownMerchant(""))
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test("Brand 174: only its Xbox Live / Xbox Game Pass cards are disabled, even when a card names no brand")
    func brand174DisablesOnlyItsXboxLiveCards() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        func cards(_ name: String) -> String {
            #"{"code":200,"data":[{"id":1,"name":"\#(name)","price_type":"Range","quantity":5,"min_denomination":5,"#
                + #""max_denomination":100,"discount_percentage":"10"}]}"#
        }
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        harness.server.loopback.inject(.respond(status: 200, body: cards("Card")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == true, "another card of brand 174")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Live 12 Months")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == false, "brand 174's Xbox Live card")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Game Pass Ultimate")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "174").enabled == false, "brand 174's Game Pass card")
        harness.server.loopback.inject(
            .respond(status: 200, body: cards("Xbox Live 12 Months")), path: "/piggycards/giftcards/US")
        #expect(try await repository.merchantDetails(sourceId: "175").enabled == true, "an Xbox Live card of brand 175")
    }

    @Test(arguments: ["-92233720368547758.08", "-1e30", "101", "-100.5", "92233720368547758.07"])
    func anImpossibleDiscountIsMissing(_ percent: String) throws {
        let json = try JSONValue.parse(
            Data(#"{"name":"C","price_type":"Range","quantity":1,"discount_percentage":"\#(percent)"}"#.utf8))
        let card = try #require(PiggyCardsGiftcard(json: json))
        #expect(card.discountPercentage == nil)
        #expect(PiggyCardsOffer(cards: [card]).discountBasisPoints == nil)
    }

    @Test(arguments: [
        (400, #"{"error":"Invalid verification code"}"#, DashSpendError.wrongCode),
        (422, #"{"error":"otp is required"}"#, .wrongCode), (401, "{}", .wrongCode), (403, "{}", .wrongCode),
    ])
    func verifyErrorsAreWrongCode(_ status: Int, _ body: String, _ expected: DashSpendError) async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: status, body: body), path: "/piggycards/verify-otp", times: 1)
        #expect(await dashSpendError { try await repository.verify(code: "123456") } == expected)
    }

    @Test(arguments: [422, 401, 403])
    func signInLoginErrorsAreRejections(_ status: Int) async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        harness.server.loopback.inject(.respond(status: status, body: #"{"error":"no"}"#), path: "/piggycards/login", times: 1)
        #expect(await dashSpendError { try await repository.verify(code: MockProviderServer.validCode) } == .rejected("no"))
        harness.server.loopback.inject(.respond(status: status, body: #"{"error":"no"}"#), path: "/piggycards/signup", times: 1)
        #expect(await dashSpendError { try await repository.login(email: "user@example.com") } == .rejected("no"))
    }

    @Test func outOfStockInAPlainTextBody() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        harness.server.loopback.inject(.respond(status: 500, body: "Gift card 5 is out of stock"), path: "/piggycards/orders")
        let order = PiggyCardsOrderRequest(
            items: [PiggyCardsOrderItem(productId: 1, denomination: 25)], recipientEmail: "user@example.com",
            userIP: "127.0.0.1", registeredSince: Date())
        let error = await dashSpendError {
            _ = try await PiggyCardsRepository(configuration: harness.configuration()).createOrder(order)
        }
        #expect(error == .outOfStock("Gift card 5 is out of stock"))
    }

    // MARK: - payTo

    private static func address(_ version: UInt8, _ fill: UInt8 = 0x21) -> String {
        Base58Check.encode([version] + Array(repeating: fill, count: 20))
    }

    @Test func validAddressesForEachNetwork() throws {
        for (version, prefix) in [(UInt8(0x4C), "X"), (0x10, "7")] {
            let address = Self.address(version)
            #expect(address.hasPrefix(prefix))
            let uri = try #require(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=0.12345678"))
            #expect(uri.address == address)
            #expect(uri.amount == Decimal(string: "0.12345678")!)
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=1", network: .testnet) == nil)
        }
        for (version, prefix) in [(UInt8(0x8C), "y"), (0x13, "8")] {
            let address = Self.address(version)
            #expect(address.hasPrefix(prefix))
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=2", network: .testnet) != nil)
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=2") == nil)
        }
    }

    @Test(arguments: [
        "amount=1&req-fee=1", "req-anything=x&amount=1", "amount=1.123456789", "amount=.5", "amount=5.", "amount=+1",
        "amount=0.00000000", "amount=1e3", "amount= 1", "amount=0x10",
    ])
    func rejectsParametersAndAmountsThatAreNotStrict(_ query: String) {
        #expect(PiggyCardsPaymentURI(parsing: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?\(query)") == nil)
    }

    @Test func rejectsABadChecksumAWrongVersionAndAWrongLength() {
        // One character changed: the checksum no longer matches.
        #expect(PiggyCardsPaymentURI(parsing: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe227?amount=1") == nil)
        // A Bitcoin address (version 0) with a valid checksum.
        #expect(PiggyCardsPaymentURI(parsing: "dash:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=1") == nil)
        // A valid checksum over 19 bytes.
        let short = Base58Check.encode([0x4C] + Array(repeating: 1, count: 19))
        #expect(PiggyCardsPaymentURI(parsing: "dash:\(short)?amount=1") == nil)
    }
}
#endif
