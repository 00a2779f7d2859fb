package import DashSpendCore
import DashSpendLocking
import DashSpendTestKit

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback server that speaks the CTX API under `/ctx/` and the PiggyCards API under `/piggycards/`,
/// answering from the JSON files in `Fixtures/Providers/ctx/` and `Fixtures/Providers/piggycards/`.
///
/// It issues and checks its own tokens: the first access token is ``defaultAccessToken``, later ones are
/// numbered. The one-time code it accepts is ``validCode``. Switches make tokens expire, make refresh
/// tokens single-use (rotation) and make the refresh call fail; faults can be injected through ``loopback``.
///
/// Signing a user in from a test:
/// ```swift
/// let server = try MockProviderServer.started()
/// let store = InMemoryCredentialStore()
/// let repository = CTXRepository(configuration: server.configuration(credentials: store, transport: URLSessionTransport()))
/// try await repository.login(email: "user@example.com")
/// try await repository.verify(code: MockProviderServer.validCode)
/// ```
/// or, without the sign-in calls, `try store.save(server.signedInCredentials(for: .ctx), for: .ctx, network: .mainnet)`.
package final class MockProviderServer: Sendable {
    /// The one-time code both APIs accept.
    package static let validCode = "123456"
    /// The first access token issued by each API.
    package static let defaultAccessToken = "test-access-token"
    /// The first CTX refresh token.
    package static let defaultRefreshToken = "test-refresh-token"
    /// The user id PiggyCards' signup returns.
    package static let piggyCardsUserId = "pc-user-1"
    /// The password PiggyCards' verify-otp returns.
    package static let piggyCardsPassword = "generated-password-1"

    /// What CTX's `refresh-token` answers.
    package enum RefreshBehavior: Sendable, Hashable {
        /// Issue a new access token and rotate the refresh token.
        case succeed
        /// Issue a new access token but no refresh token (the client must keep its old one).
        case succeedWithoutRefreshToken
        /// Fail with this status.
        case fail(status: Int)
    }

    private struct State {
        var accessTokens: [String: Set<String>] = [:]
        var issued: [String: Int] = [:]
        var refreshTokens: Set<String> = [MockProviderServer.defaultRefreshToken]
        var refreshBehavior: RefreshBehavior = .succeed
        var piggyTokenLifetime = 3600
        var piggyPendingFirstLogin = false
        var singleUseRefreshTokens = false
        var refreshesGranted = 0
        var refreshesRefused = 0
        var minted = 0
        /// By provider id (`ctx`, `piggycards`): the PiggyCards routes are served whether or not it is compiled in.
        var merchantAnswerGates: [String: LoopbackGate] = [:]
    }

    /// CTX merchant ids that start with this are answered without a fixture (see ``generatedMerchantAnswer(id:)``),
    /// so a test can ask about as many distinct merchants as it likes.
    static let generatedMerchantPrefix = "generated-"
    /// The discount of every generated CTX merchant, in basis points.
    package static let generatedMerchantDiscount = 425

    /// Where the order book serves CTX's BIP70 payment requests (``MockOrderBook/setCTXPaymentRequests(_:uri:)``):
    /// `/payment-requests/{order id}`, outside CTX's API, as a payment processor's would be.
    package static let paymentRequestPath = "/payment-requests/"

    /// The underlying HTTP server, for fault injection and request counts.
    package let loopback = LoopbackHTTPServer()
    /// Orders taken and catalogue overrides (off until a test enables it: then the create and status calls
    /// are answered from it instead of the fixtures).
    package let orderBook = MockOrderBook()
    /// The `Fixtures/Providers` directory answers are read from.
    let fixturesDirectory: String
    private let state = Locked(State())

    /// Creates a stopped server reading fixtures from `fixturesDirectory` (default: the package's
    /// `Fixtures/Providers`, found from this source file's location).
    package init(fixturesDirectory: String? = nil) {
        self.fixturesDirectory = fixturesDirectory ?? Self.defaultFixturesDirectory()
        state.withLock {
            $0.accessTokens = ["ctx": [Self.defaultAccessToken], "piggycards": [Self.defaultAccessToken]]
        }
        loopback.setFallback { [weak self] request in
            guard let self else { return .notFound }
            return self.answer(request)
        }
    }

    /// Creates and starts a server.
    package static func started(fixturesDirectory: String? = nil) throws -> MockProviderServer {
        let server = MockProviderServer(fixturesDirectory: fixturesDirectory)
        try server.start()
        return server
    }

    /// Starts listening on an ephemeral loopback port.
    package func start() throws { try loopback.start() }

    /// Stops listening.
    package func stop() { loopback.stop() }

    // MARK: - Addresses

    /// The path prefix of a provider's API: `/ctx/` or `/piggycards/`.
    func pathPrefix(for provider: GiftCardProvider) -> String { "/\(provider.rawValue)/" }

    /// The base URL of a provider's API, e.g. `http://127.0.0.1:PORT/ctx/`.
    package func baseURL(for provider: GiftCardProvider) -> URL {
        URL(string: "http://127.0.0.1:\(loopback.port)\(pathPrefix(for: provider))")!
    }

    /// The full path of an endpoint, for ``LoopbackHTTPServer/inject(_:path:times:)`` and counts:
    /// `path(.ctx, "merchants/ID")` is `/ctx/merchants/ID`.
    package func path(_ provider: GiftCardProvider, _ endpoint: String) -> String {
        pathPrefix(for: provider) + endpoint
    }

    /// How many requests arrived on a provider's endpoint.
    package func requestCount(_ provider: GiftCardProvider, _ endpoint: String) -> Int {
        loopback.requestCount(path: path(provider, endpoint))
    }

    /// How many requests arrived for `provider`, on any endpoint.
    package func requestCount(_ provider: GiftCardProvider) -> Int {
        loopback.receivedRequests.filter { $0.path.hasPrefix(pathPrefix(for: provider)) }.count
    }

    /// How many requests to `provider` (any endpoint) are being answered now; see
    /// ``LoopbackHTTPServer/requestsInFlight(under:)``.
    package func requestsInFlight(_ provider: GiftCardProvider) -> Int {
        loopback.requestsInFlight(under: pathPrefix(for: provider))
    }

    /// The most requests to `provider` (any endpoint) answered at the same time so far; see
    /// ``LoopbackHTTPServer/maxRequestsInFlight(under:)``.
    package func maxRequestsInFlight(_ provider: GiftCardProvider) -> Int {
        loopback.maxRequestsInFlight(under: pathPrefix(for: provider))
    }

    /// A configuration whose base URLs point at this server for every compiled provider. The default
    /// `timeout` is a hang guard: a loopback answer takes milliseconds, but a test may hold one while it acts
    /// (a gate), and a loaded machine can delay that by a minute and more; a test of time-outs passes its own.
    package func configuration(
        network: DashSpendNetwork = .mainnet, credentials: any CredentialStore, transport: any HTTPTransport,
        timeout: Double = 120, now: @escaping @Sendable () -> Date = { Date() }
    ) -> RepositoryConfiguration {
        var overrides: [GiftCardProvider: URL] = [:]
        for provider in GiftCardProvider.allCases { overrides[provider] = baseURL(for: provider) }
        return RepositoryConfiguration(
            network: network, baseURLOverrides: overrides, credentials: credentials, transport: transport,
            clientId: "dcg_swift_tests", timeout: timeout, now: now)
    }

    /// Credentials as if the user had signed in to `provider` on this server (first tokens issued).
    package func signedInCredentials(for provider: GiftCardProvider, now: Date = Date()) -> ProviderCredentials {
        ProviderCredentials(
            email: "user@example.com", accessToken: Self.defaultAccessToken,
            refreshToken: provider == .ctx ? Self.defaultRefreshToken : nil,
            refreshTokenIssuedAt: provider == .ctx ? now : nil,
            accessTokenExpiresAt: provider == .ctx ? nil : now.addingTimeInterval(3600),
            userId: provider == .ctx ? nil : Self.piggyCardsUserId,
            password: provider == .ctx ? nil : Self.piggyCardsPassword)
    }

    // MARK: - Switches

    /// Rejects every access token issued so far by `provider`'s API (they "expire").
    package func expireAccessTokens(for provider: GiftCardProvider) {
        state.withLock { $0.accessTokens[provider.rawValue] = [] }
    }

    /// Sets what CTX's `refresh-token` answers.
    package func setRefreshBehavior(_ behavior: RefreshBehavior) {
        state.withLock { $0.refreshBehavior = behavior }
    }

    /// Holds every merchant-details answer of `provider` (CTX `merchants/ID`, PiggyCards `giftcards/COUNTRY`)
    /// at `gate` (nil: none) while it is counted in flight, so that a test can let the answers through once the
    /// requests it expects are on the server together (``requestsInFlight(_:)``), instead of slowing each
    /// answer and hoping they overlap.
    ///
    /// Both providers are on this one host, and `URLSession` opens at most six connections to a host: hold
    /// fewer than six answers at once (one provider's bound of four, not two), or the rest never arrive.
    package func setMerchantAnswerGate(_ gate: LoopbackGate?, for provider: GiftCardProvider) {
        state.withLock { $0.merchantAnswerGates[provider.rawValue] = gate }
    }

    /// Sets PiggyCards' `expires_in` for the next logins.
    func setPiggyCardsTokenLifetime(seconds: Int) {
        state.withLock { $0.piggyTokenLifetime = seconds }
    }

    /// Makes every CTX refresh token good for one refresh: a token that was used answers 401, as a server
    /// that rotates refresh tokens does.
    package func setSingleUseRefreshTokens(_ singleUse: Bool) {
        state.withLock { $0.singleUseRefreshTokens = singleUse }
    }

    /// How many CTX refreshes issued tokens, and how many were refused because the refresh token was
    /// unknown or already used.
    package var refreshCounts: (granted: Int, refused: Int) {
        state.withLock { ($0.refreshesGranted, $0.refreshesRefused) }
    }

    /// Forgets the refresh counts.
    package func resetRefreshCounts() {
        state.withLock {
            $0.refreshesGranted = 0
            $0.refreshesRefused = 0
        }
    }

    /// CTX credentials of a new session whose access token has expired (this server never accepted it) and
    /// whose refresh token is new and valid: the state of a user whose next call must refresh.
    package func expiredCTXSession(now: Date = Date()) -> ProviderCredentials {
        let number = state.withLock { state -> Int in
            state.minted += 1
            state.refreshTokens.insert("minted-refresh-token-\(state.minted)")
            return state.minted
        }
        return ProviderCredentials(
            email: "user@example.com", accessToken: "expired-access-token-\(number)",
            refreshToken: "minted-refresh-token-\(number)", refreshTokenIssuedAt: now)
    }

    /// Whether CTX accepts `refreshToken` now.
    package func acceptsRefreshToken(_ refreshToken: String) -> Bool {
        state.withLock { $0.refreshTokens.contains(refreshToken) }
    }

    /// The access tokens currently accepted by `provider`'s API.
    package func acceptedAccessTokens(for provider: GiftCardProvider) -> Set<String> {
        state.withLock { $0.accessTokens[provider.rawValue] ?? [] }
    }

    // MARK: - Fixtures

    /// The bytes of a fixture, by path relative to `Fixtures/Providers` (`ctx/errors/region.json`).
    package func fixture(_ relativePath: String) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: fixturesDirectory + "/" + relativePath))
    }

    /// The text of a fixture, or an empty string.
    package func fixtureText(_ relativePath: String) -> String {
        fixture(relativePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The package's `Fixtures/Providers`, found by walking up from this file.
    static func defaultFixturesDirectory(sourceFile: String = #filePath) -> String {
        var components = sourceFile.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while components.count > 1 {
            components.removeLast()
            let candidate = components.joined(separator: "/") + "/Fixtures/Providers"
            if access(candidate, F_OK) == 0 { return candidate }
        }
        return "Fixtures/Providers"
    }

    // MARK: - Answers

    /// The answer CTX gives for a generated merchant: enabled, ``generatedMerchantDiscount``, any amount
    /// from 5 to 500.
    static func generatedMerchantAnswer(id: String) -> JSONValue {
        .object([
            "id": .string(id), "name": .string("Generated \(id)"), "enabled": .bool(true),
            "savingsPercentage": .number(Decimal(generatedMerchantDiscount)), "denominationsType": .string("min-max"),
            "denominations": .array([.string("5"), .string("500")]),
        ])
    }

    private func holdMerchantAnswer(_ provider: String) {
        state.withLock { $0.merchantAnswerGates[provider] }?.pass()
    }

    private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        if request.method == "GET", request.path.hasPrefix(Self.paymentRequestPath) {
            return orderBook.ctxPaymentRequest(id: String(request.path.dropFirst(Self.paymentRequestPath.count)))
                ?? .notFound
        }
        for provider in ["ctx", "piggycards"] {
            let prefix = "/\(provider)/"
            guard request.path.hasPrefix(prefix) else { continue }
            let endpoint = String(request.path.dropFirst(prefix.count))
            let segments = endpoint.split(separator: "/").map { LoopbackRequest.percentDecoded(String($0)) }
            return provider == "ctx" ? ctx(request, segments) : piggyCards(request, segments)
        }
        return .notFound
    }

    /// Sign-in endpoints hand out ``defaultAccessToken``; refreshes and re-logins hand out numbered ones.
    private func issueToken(_ provider: String, signIn: Bool) -> String {
        state.withLock { state in
            var token = Self.defaultAccessToken
            if !signIn {
                let count = state.issued[provider, default: 0] + 1
                state.issued[provider] = count
                token = "\(Self.defaultAccessToken)-\(count)"
            }
            state.accessTokens[provider, default: []].insert(token)
            return token
        }
    }

    private func authorized(_ request: LoopbackRequest, _ provider: String) -> Bool {
        guard let token = request.bearerToken else { return false }
        return state.withLock { $0.accessTokens[provider]?.contains(token) ?? false }
    }

    private func fixtureResponse(_ relativePath: String) -> LoopbackResponse? {
        guard !relativePath.contains(".."), let data = fixture(relativePath) else { return nil }
        return .json(data)
    }

    private func ctx(_ request: LoopbackRequest, _ segments: [String]) -> LoopbackResponse {
        let unauthorized = LoopbackResponse.json(#"{"errors":[{"message":"Unauthorized"}]}"#, status: 401)
        let last = segments.last ?? ""
        switch (request.method, segments.first ?? "", segments.count) {
        case ("POST", "login", 1):
            guard request.json?["email"]?.nonBlankString != nil else {
                return .json(#"{"errors":[{"message":"email is required"}]}"#, status: 400)
            }
            return .json("{}")
        case ("POST", "verify-email", 1):
            guard request.json?["email"]?.nonBlankString != nil, request.json?["code"]?.string == Self.validCode else {
                return .json(fixture("ctx/errors/verify-wrong-code.json") ?? Data(), status: 400)
            }
            let access = issueToken("ctx", signIn: true)
            state.withLock { _ = $0.refreshTokens.insert(Self.defaultRefreshToken) }
            return .json(.object(["accessToken": .string(access), "refreshToken": .string(Self.defaultRefreshToken)]))
        case ("POST", "refresh-token", 1):
            let presented = request.json?["refreshToken"]?.string ?? ""
            let (behavior, known) = state.withLock { state in
                let known = state.refreshTokens.contains(presented)
                switch (known, state.refreshBehavior) {
                case (false, _):
                    state.refreshesRefused += 1
                case (true, .succeed):
                    // Rotation: the new refresh token replaces the presented one.
                    state.refreshesGranted += 1
                    if state.singleUseRefreshTokens { state.refreshTokens.remove(presented) }
                case (true, .succeedWithoutRefreshToken):
                    state.refreshesGranted += 1
                case (true, .fail):
                    break
                }
                return (state.refreshBehavior, known)
            }
            guard known else { return .json(#"{"errors":[{"message":"Invalid refresh token"}]}"#, status: 401) }
            switch behavior {
            case .fail(let status):
                return .json(#"{"errors":[{"message":"refresh failed"}]}"#, status: status)
            case .succeedWithoutRefreshToken:
                return .json(.object(["accessToken": .string(issueToken("ctx", signIn: false))]))
            case .succeed:
                let access = issueToken("ctx", signIn: false)
                let rotated = "\(Self.defaultRefreshToken)-\(access)"
                state.withLock { _ = $0.refreshTokens.insert(rotated) }
                return .json(.object(["accessToken": .string(access), "refreshToken": .string(rotated)]))
            }
        case ("GET", "merchants", 2):
            let id = last
            guard authorized(request, "ctx") else { return unauthorized }
            holdMerchantAnswer("ctx")
            if id.hasPrefix(Self.generatedMerchantPrefix) { return .json(Self.generatedMerchantAnswer(id: id)) }
            if let override = orderBook.ctxMerchant(id) { return override }
            return fixtureResponse("ctx/merchants/\(id).json")
                ?? .json(#"{"errors":[{"message":"Merchant not found"}]}"#, status: 404)
        case ("POST", "gift-cards", 1):
            guard authorized(request, "ctx") else { return unauthorized }
            if orderBook.isEnabled {
                let merchant = request.json?["merchantId"]?.nonBlankString ?? ""
                return orderBook.ctxPurchase(
                    request.json, discountBasisPoints: ctxDiscount(merchantId: merchant),
                    merchantName: ctxMerchantAnswer(merchantId: merchant)?["name"]?.nonBlankString,
                    paymentRequestBase: "http://127.0.0.1:\(loopback.port)\(Self.paymentRequestPath)")
            }
            return fixtureResponse("ctx/gift-cards/purchase.json") ?? .notFound
        case ("GET", "gift-cards", 1):
            guard authorized(request, "ctx") else { return unauthorized }
            let txid = request.queryItem("txid") ?? ""
            if let booked = orderBook.ctxStatus(transactionId: txid) { return booked }
            return fixtureResponse("ctx/gift-cards/by-txid/\(txid).json") ?? .notFound
        case ("GET", "gift-cards", 2):
            let id = last
            guard authorized(request, "ctx") else { return unauthorized }
            if let booked = orderBook.ctxStatus(id: id) { return booked }
            return fixtureResponse("ctx/gift-cards/\(id).json") ?? .notFound
        default:
            return .notFound
        }
    }

    private func piggyCards(_ request: LoopbackRequest, _ segments: [String]) -> LoopbackResponse {
        let unauthorized = LoopbackResponse.json(#"{"error":"Unauthenticated"}"#, status: 401)
        let last = segments.last ?? ""
        switch (request.method, segments.first ?? "", segments.count) {
        case ("POST", "signup", 1):
            guard request.json?["email"]?.nonBlankString != nil else {
                return .json(#"{"error":"email is required"}"#, status: 422)
            }
            return .json(.object(["userId": .string(Self.piggyCardsUserId)]))
        case ("POST", "verify-otp", 1):
            guard request.json?["otp"]?.string == Self.validCode else {
                return .json(fixture("piggycards/errors/invalid-code.json") ?? Data(), status: 400)
            }
            state.withLock { $0.piggyPendingFirstLogin = true }
            return .json(.object(["generatedPassword": .string(Self.piggyCardsPassword)]))
        case ("POST", "login", 1):
            guard request.json?["userId"]?.string == Self.piggyCardsUserId,
                request.json?["password"]?.string == Self.piggyCardsPassword
            else { return unauthorized }
            let (lifetime, first) = state.withLock { state in
                defer { state.piggyPendingFirstLogin = false }
                return (state.piggyTokenLifetime, state.piggyPendingFirstLogin)
            }
            return .json(
                .object([
                    "access_token": .string(issueToken("piggycards", signIn: first)), "token_type": .string("Bearer"),
                    "expires_in": .number(Decimal(lifetime)),
                ]))
        case ("GET", "brands", 2):
            let country = last
            guard authorized(request, "piggycards") else { return unauthorized }
            return fixtureResponse("piggycards/brands/\(country).json") ?? .json("[]")
        case ("GET", "giftcards", 2):
            guard authorized(request, "piggycards") else { return unauthorized }
            holdMerchantAnswer("piggycards")
            let brandId = request.queryItem("brandId") ?? ""
            if let override = orderBook.giftCards(brandId: brandId) { return override }
            return fixtureResponse("piggycards/giftcards/\(brandId).json")
                ?? .json(#"{"code":200,"message":"No gift cards found","data":null}"#)
        case ("POST", "orders", 1):
            guard authorized(request, "piggycards") else { return unauthorized }
            if orderBook.isEnabled { orderBook.recordPiggyCardsBody(request.json) }
            if let problem = Self.orderProblem(request.json) {
                return .json(.object(["error": .string(problem)]), status: 422)
            }
            if orderBook.isEnabled {
                return orderBook.piggyCardsOrder(
                    request.json, discountPercentage: { self.piggyCardsDiscount(productId: $0) }, rate: piggyCardsRate)
            }
            return fixtureResponse("piggycards/orders/create.json") ?? .notFound
        case ("GET", "orders", 2):
            guard authorized(request, "piggycards") else { return unauthorized }
            if let booked = orderBook.piggyCardsStatus(id: last) { return booked }
            return fixtureResponse("piggycards/orders/\(last).json")
                ?? .json(#"{"error":"Order not found"}"#, status: 404)
        case ("GET", "exchange-rate", 1):
            guard authorized(request, "piggycards") else { return unauthorized }
            let currency = request.queryItem("currency") ?? ""
            return fixtureResponse("piggycards/exchange-rate/\(currency).json")
                ?? .json(#"{"error":"Unsupported currency"}"#, status: 404)
        default:
            return .notFound
        }
    }

    /// The answer GET `merchants/{merchantId}` gives (an override, a fixture or a generated one), parsed.
    func ctxMerchantAnswer(merchantId: String) -> JSONValue? {
        if merchantId.hasPrefix(Self.generatedMerchantPrefix) { return Self.generatedMerchantAnswer(id: merchantId) }
        let body = orderBook.ctxMerchant(merchantId)?.body ?? fixture("ctx/merchants/\(merchantId).json")
        return body.flatMap { try? JSONValue.parse($0) }
    }

    /// The discount of CTX merchant `merchantId` in basis points, as its merchant answer says
    /// (`userDiscount`, else `savingsPercentage`; 0 without either).
    package func ctxDiscount(merchantId: String) -> Int {
        let json = ctxMerchantAnswer(merchantId: merchantId)
        return json?["userDiscount"]?.int ?? json?["savingsPercentage"]?.int ?? 0
    }

    /// The `discount_percentage` of PiggyCards card `productId`, from the cards the server answers for
    /// every brand (0 when no brand has it).
    func piggyCardsDiscount(productId: String) -> Decimal {
        let brands = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory + "/piggycards/giftcards")) ?? []
        var answers = orderBook.giftCardOverrides.compactMap { try? JSONValue.parse(Data($0.utf8)) }
        answers += brands.compactMap { fixture("piggycards/giftcards/\($0)") }.compactMap { try? JSONValue.parse($0) }
        for answer in answers {
            for card in answer["data"]?.array ?? [] where card["id"]?.nonBlankString == productId {
                return card["discount_percentage"]?.decimal ?? 0
            }
        }
        return 0
    }

    /// PiggyCards' USD price of one DASH: the `exchange-rate` fixture's (1 when it cannot be read).
    package var piggyCardsRate: Decimal {
        fixture("piggycards/exchange-rate/USD.json").flatMap { try? JSONValue.parse($0) }?["exchange_rate"]?.decimal ?? 1
    }

    /// The maximum order total PiggyCards accepts, in USD.
    static let piggyCardsMaximumOrderTotal: Decimal = 2_500

    /// Why a PiggyCards `orders` body would be refused, or nil when it has the shape the API documents:
    /// `{"orders":[{"productId","quantity","denomination","currency"}],"recipientEmail",
    /// "user":{"name","ip","metadata":{"registeredSince","country","state"}}}` and a total of at most 2,500.
    private static func orderProblem(_ body: JSONValue?) -> String? {
        guard let body, let lines = body["orders"]?.array, !lines.isEmpty else { return "orders is required" }
        var total = Decimal(0)
        for line in lines {
            guard case .number(let productId)? = line["productId"], productId > 0,
                case .number(let quantity)? = line["quantity"], quantity > 0,
                case .number(let denomination)? = line["denomination"], denomination > 0,
                line["currency"]?.nonBlankString != nil
            else { return "each order needs a numeric productId, quantity and denomination, and a currency" }
            total += quantity * denomination
        }
        guard total <= piggyCardsMaximumOrderTotal else { return "Order total exceeds the maximum" }
        guard body["recipientEmail"]?.nonBlankString?.contains("@") == true else { return "recipientEmail is required" }
        guard let user = body["user"], user["name"]?.string != nil, user["ip"]?.string != nil,
            let metadata = user["metadata"], metadata["registeredSince"]?.nonBlankString != nil,
            metadata["country"]?.nonBlankString != nil, metadata["state"]?.nonBlankString != nil
        else { return "user with name, ip and metadata is required" }
        return nil
    }
}
