#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendPiggyCards
import DashSpendTestSupport
import Foundation
import Testing

@Suite("PiggyCards orders, rate and brands through the loopback server", hangGuard(minutes: 2))
struct PiggyCardsOrderTests {
    static let registered = Date(timeIntervalSince1970: 1_751_328_000)  // 2025-07-01 00:00 UTC

    static func request(_ items: [PiggyCardsOrderItem], email: String = "user@example.com") -> PiggyCardsOrderRequest {
        PiggyCardsOrderRequest(items: items, recipientEmail: email, userIP: "203.0.113.7", registeredSince: registered)
    }

    static func signedIn() throws -> (ProviderHarness, PiggyCardsRepository) {
        let harness = try ProviderHarness()
        try harness.signIn(.piggyCards)
        return (harness, PiggyCardsRepository(configuration: harness.configuration()))
    }

    @Test func createOrderSendsTheDocumentedBodyAndParsesPayTo() async throws {
        let (harness, repository) = try Self.signedIn()
        let order = try await repository.createOrder(
            Self.request([PiggyCardsOrderItem(productId: 123, quantity: 2, denomination: Decimal(string: "25.5")!)]))
        #expect(order.id == "pc-order-1001")
        #expect(order.payment.address == "XpESxaUmonkq8RaLLp46Brx2K39ggQe226")
        #expect(order.payment.amount == Decimal(string: "0.18402")!)
        #expect(order.payMessage == "Send exactly 0.18402 DASH within 15 minutes")

        let sent = try #require(harness.server.loopback.receivedRequests.last)
        #expect(sent.method == "POST")
        #expect(sent.path == "/piggycards/orders")
        #expect(sent.bearerToken == MockProviderServer.defaultAccessToken)
        let body = try #require(sent.json)
        #expect(Set(body.object?.keys.map { $0 } ?? []) == ["orders", "recipientEmail", "user"])
        let line = try #require(body["orders"]?.array?.first)
        #expect(Set(line.object?.keys.map { $0 } ?? []) == ["productId", "quantity", "denomination", "currency"])
        #expect(line["productId"] == .number(123))
        #expect(line["quantity"] == .number(2))
        #expect(line["denomination"] == .number(Decimal(string: "25.5")!))
        #expect(line["currency"] == .string("USD"))
        #expect(body["recipientEmail"] == .string("user@example.com"))
        #expect(
            body["user"]
                == .object([
                    "name": .string("none"), "ip": .string("203.0.113.7"),
                    "metadata": .object([
                        "registeredSince": .string("2025-07-01"), "country": .string("US"), "state": .string("CA"),
                    ]),
                ]))
    }

    @Test func ordersAboveTheCapAreRefusedBeforeSending() async throws {
        let (harness, repository) = try Self.signedIn()
        let exactlyCap = Self.request([PiggyCardsOrderItem(productId: 1, quantity: 5, denomination: 500)])
        _ = try await repository.createOrder(exactlyCap)
        #expect(harness.server.requestCount(.piggyCards, "orders") == 1)

        let over = Self.request([
            PiggyCardsOrderItem(productId: 1, quantity: 4, denomination: 500),
            PiggyCardsOrderItem(productId: 2, quantity: 1, denomination: Decimal(string: "500.01")!),
        ])
        let error = await dashSpendError { _ = try await repository.createOrder(over) }
        guard case .invalidAmount(let message) = error else {
            Issue.record("expected invalidAmount, got \(String(describing: error))")
            return
        }
        #expect(message.contains("2500"))
        #expect(harness.server.requestCount(.piggyCards, "orders") == 1)
    }

    @Test(arguments: [
        [PiggyCardsOrderItem](),
        [PiggyCardsOrderItem(productId: 1, quantity: 0, denomination: 25)],
        [PiggyCardsOrderItem(productId: 1, quantity: 1, denomination: 0)],
        [PiggyCardsOrderItem(productId: 1, quantity: 1, denomination: -5)],
    ])
    func emptyOrNonPositiveOrdersAreRefusedBeforeSending(_ items: [PiggyCardsOrderItem]) async throws {
        let (harness, repository) = try Self.signedIn()
        let error = await dashSpendError { _ = try await repository.createOrder(Self.request(items)) }
        guard case .invalidAmount = error else {
            Issue.record("expected invalidAmount, got \(String(describing: error))")
            return
        }
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test func aRecipientThatIsNotAnEmailIsRefusedBeforeSending() async throws {
        let (harness, repository) = try Self.signedIn()
        let order = Self.request([PiggyCardsOrderItem(productId: 1, denomination: 25)], email: "nobody")
        let error = await dashSpendError { _ = try await repository.createOrder(order) }
        guard case .rejected = error else {
            Issue.record("expected rejected, got \(String(describing: error))")
            return
        }
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }

    @Test(arguments: [
        "", "   ", "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=1", "dash:?amount=0.1",
        "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226", "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=",
        "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=abc", "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0",
        "dash:Xp0Oll?amount=0.1",
    ])
    func anUnpayablePayToReportsThePayMessage(_ payTo: String) async throws {
        let (harness, repository) = try Self.signedIn()
        let body = JSONValue.object([
            "id": .string("pc-order-9"), "payTo": .string(payTo), "payMessage": .string("Supplier is offline, try later"),
        ])
        harness.server.loopback.inject(
            .respond(status: 200, body: String(decoding: body.encoded(), as: UTF8.self)), path: "/piggycards/orders")
        let error = await dashSpendError {
            _ = try await repository.createOrder(Self.request([PiggyCardsOrderItem(productId: 1, denomination: 25)]))
        }
        guard case .rejected(let message) = error else {
            Issue.record("expected rejected, got \(String(describing: error))")
            return
        }
        #expect(message.contains("pc-order-9"))
        #expect(message.contains("Supplier is offline, try later"))
    }

    @Test func anOrderAnswerWithoutIdIsUnreadable() async throws {
        let (harness, repository) = try Self.signedIn()
        harness.server.loopback.inject(
            .respond(status: 200, body: #"{"payTo":"dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=1"}"#),
            path: "/piggycards/orders")
        let error = await dashSpendError {
            _ = try await repository.createOrder(Self.request([PiggyCardsOrderItem(productId: 1, denomination: 25)]))
        }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test func outOfStockOnOrderIsOutOfStock() async throws {
        let (harness, repository) = try Self.signedIn()
        harness.server.loopback.inject(
            .respond(status: 500, body: harness.server.fixtureText("piggycards/errors/out-of-stock.json")),
            path: "/piggycards/orders")
        let error = await dashSpendError {
            _ = try await repository.createOrder(Self.request([PiggyCardsOrderItem(productId: 9102, denomination: 25)]))
        }
        #expect(error == .outOfStock("Gift card 9102 is out of stock"))
    }

    @Test func anExpiredTokenOnOrderLogsInAgainAndRetries() async throws {
        let (harness, repository) = try Self.signedIn()
        harness.server.expireAccessTokens(for: .piggyCards)
        let order = try await repository.createOrder(Self.request([PiggyCardsOrderItem(productId: 1, denomination: 25)]))
        #expect(order.id == "pc-order-1001")
        #expect(harness.server.requestCount(.piggyCards, "login") == 1)
        #expect(harness.server.requestCount(.piggyCards, "orders") == 2)
    }

    @Test func orderStatusPendingAndComplete() async throws {
        let (harness, repository) = try Self.signedIn()
        let pending = try await repository.orderStatus(orderId: "pc-order-1001")
        #expect(pending.status == .unpaid)
        #expect(pending.providerStatus == "Payment pending")
        #expect(pending.cards.isEmpty)
        #expect(pending.payment?.amount == Decimal(string: "0.18402")!)
        #expect(harness.server.loopback.receivedRequests.last?.path == "/piggycards/orders/pc-order-1001")

        let complete = try await repository.orderStatus(orderId: "pc-order-1002")
        #expect(complete.status == .fulfilled)
        let card = try #require(complete.cards.first)
        #expect(complete.cards.count == 1)
        #expect(card.claimCode == "AQ7K-9XLM-P2RT")
        #expect(card.claimPin == nil)
        #expect(card.claimLink == "https://www.amazon.com/gc/redeem")
        #expect(!card.description.contains("AQ7K"))
    }

    @Test func aStatusBodyWhoseCodeIsNot200IsAnOrderPiggyCardsDoesNotKnow() async throws {
        let (harness, repository) = try Self.signedIn()
        let error = await dashSpendError { _ = try await repository.orderStatus(orderId: "pc-order-1003") }
        #expect(harness.server.requestCount(.piggyCards, "orders/pc-order-1003") == 1)
        #expect(error == .rejected("PiggyCards does not know order pc-order-1003 (code 500: Order is being reprocessed)"))
    }

    @Test func anUnknownOrderIsRejected() async throws {
        let (harness, repository) = try Self.signedIn()
        let error = await dashSpendError { _ = try await repository.orderStatus(orderId: "nope") }
        #expect(error == .rejected("PiggyCards does not know order nope"))
        #expect(harness.server.requestCount(.piggyCards, "orders/nope") == 1)
    }

    @Test func aStatusBodyWithoutDataIsUnreadable() async throws {
        let (harness, repository) = try Self.signedIn()
        harness.server.loopback.inject(
            .respond(status: 200, body: #"{"code":200,"message":"ok","data":null}"#), path: "/piggycards/orders/pc-order-1001")
        let error = await dashSpendError { _ = try await repository.orderStatus(orderId: "pc-order-1001") }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test func exchangeRate() async throws {
        let (harness, repository) = try Self.signedIn()
        let rate = try await repository.exchangeRate()
        #expect(rate.currency == "USD")
        #expect(rate.rate == Decimal(string: "27.1703")!)
        #expect(rate.dateModified == "2025-07-01 12:00:00")
        let sent = try #require(harness.server.loopback.receivedRequests.last)
        #expect(sent.path == "/piggycards/exchange-rate")
        #expect(sent.queryItem("currency") == "USD")
    }

    @Test func aZeroExchangeRateIsUnreadable() async throws {
        let (harness, repository) = try Self.signedIn()
        harness.server.loopback.inject(
            .respond(status: 200, body: #"{"currency":"USD","exchange_rate":0}"#), path: "/piggycards/exchange-rate")
        let error = await dashSpendError { _ = try await repository.exchangeRate() }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
    }

    @Test func brands() async throws {
        let (harness, repository) = try Self.signedIn()
        let brands = try await repository.brands()
        #expect(brands.first == PiggyCardsBrand(id: "177", name: "Amazon"))
        #expect(brands.map(\.id) == ["177", "205", "212", "174", "230"])
        #expect(harness.server.loopback.receivedRequests.last?.path == "/piggycards/brands/US")
        harness.server.loopback.inject(
            .respond(status: 200, body: #"[{"id":301,"name":"Numeric"},{"name":"no id"}]"#), path: "/piggycards/brands/US")
        #expect(try await repository.brands() == [PiggyCardsBrand(id: "301", name: "Numeric")])
    }

    @Test func ordersNeedASignIn() async throws {
        let harness = try ProviderHarness()
        let repository = PiggyCardsRepository(configuration: harness.configuration())
        #expect(
            await dashSpendError { _ = try await repository.orderStatus(orderId: "pc-order-1001") }
                == .signInRequired(.piggyCards))
        #expect(await dashSpendError { _ = try await repository.exchangeRate() } == .signInRequired(.piggyCards))
        #expect(harness.server.loopback.receivedRequests.isEmpty)
    }
}
#endif
