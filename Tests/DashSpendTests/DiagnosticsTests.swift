import DashSpend
import DashSpendCore
import DashSpendHTTP
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// What the library reports to the diagnostics sink of its configuration: each HTTP exchange once, with its
/// method, URL (no query), status and time; stored-answer hits, misses and failed writes. Never a secret.
@Suite("Diagnostics report requests and the offer store, and no secret", hangGuard(minutes: 3))
struct DiagnosticsTests {
    let state: ScratchDirectory
    let server: MockProviderServer
    let sink = CollectingDiagnostics()

    static let email = "diagnosed.user@example.com"

    init() throws {
        state = try ScratchDirectory(prefix: "diagnostics")
        server = try MockProviderServer.started()
    }

    func client() throws -> DashSpendClient {
        try DashSpendClient(configuration: ClientFixture.configuration(state: state, server: server, diagnostics: sink))
    }

    /// Signs in to CTX through `client` and looks Home Depot up live twice.
    func signInAndLookUp(_ client: DashSpendClient) async throws {
        _ = try await client.login(.ctx, email: Self.email)
        _ = try await client.verify(.ctx, code: MockProviderServer.validCode)
        _ = try await client.signInStatus()
        _ = try await client.merchant(ClientFixture.homeDepot, policy: .networkOnly)
        _ = try await client.merchant("Home Depot")
    }

    @Test("Each HTTP exchange is one request event: method, URL without query, status and a time")
    func oneEventPerExchange() async throws {
        let started = Date()
        let client = try client()
        try await signInAndLookUp(client)
        // A provider failure is reported too, with its status (a new client: the first reuses its live answer).
        server.loopback.inject(
            .respond(status: 503, body: "{}"), path: server.path(.ctx, "merchants/\(ClientFixture.homeDepot)"), times: 1)
        let again = try self.client()
        _ = await ClientFixture.failure { try await again.merchant(ClientFixture.homeDepot, policy: .networkOnly) }

        // Each exchange's time lies within the test's: a bound that holds however loaded the machine is (a fixed
        // 60 s once failed in CI with three builds beside it).
        let elapsed = Date().timeIntervalSince(started)
        let received = server.loopback.receivedRequests
        let events = sink.events(.request)
        #expect(received.count >= 4, "login, verify and at least one lookup reached the server")
        #expect(events.count == received.count, "\(events.map(\.message))")
        let base = "http://127.0.0.1:\(server.loopback.port)"
        for (event, request) in zip(events, received) {
            #expect(event.message.hasPrefix("\(request.method) \(base)\(request.path) → "), "\(event.message)")
            #expect(event.provider == .ctx)
            let seconds = try #require(event.seconds, "\(event.message) is timed")
            #expect(seconds >= 0 && seconds <= elapsed, "\(seconds) s of a test that took \(elapsed) s")
        }
        #expect(events.filter { $0.message.hasSuffix("→ 200") }.count == received.count - 1)
        #expect(events.last?.message.hasSuffix("→ 503") == true, "\(events.last?.message ?? "")")
    }

    @Test("A request URL is reported without its query string or user info")
    func noQueryString() async throws {
        let configuration = server.configuration(
            credentials: InMemoryCredentialStore(), transport: URLSessionTransport())
        var reporting = configuration
        reporting.diagnostics = sink
        let http = ProviderHTTP(provider: .ctx, configuration: reporting)
        let request = http.request(
            "GET", ["gift-cards"], query: [(name: "txid", value: "secret-txid"), (name: "token", value: "secret-token")],
            bearer: MockProviderServer.defaultAccessToken)
        _ = try await http.send(request)

        let event = try #require(sink.events(.request).first)
        #expect(sink.events(.request).count == 1)
        #expect(event.message == "GET \(server.baseURL(for: .ctx).absoluteString)gift-cards → 404", "\(event.message)")
        #expect(!event.description.contains("secret"))
        #expect(!event.description.contains("?"))
        #expect(server.loopback.receivedRequests.first?.query.contains("secret-txid") == true, "the query was sent")
    }

    @Test("No event carries a token, password, e-mail address or one-time code")
    func noSecrets() async throws {
        try await signInAndLookUp(try client())
        // A refresh too: the access token expires, the next live lookup renews it.
        server.expireAccessTokens(for: .ctx)
        _ = try await client().merchant(ClientFixture.homeDepot, policy: .networkOnly)

        let stored = try #require(try FileCredentialStore(root: state.path).load(.ctx, network: .mainnet))
        let secrets = [
            Self.email, MockProviderServer.validCode, MockProviderServer.defaultAccessToken,
            MockProviderServer.defaultRefreshToken, MockProviderServer.piggyCardsPassword,
            stored.accessToken ?? "", stored.refreshToken ?? "",
        ].filter { !$0.isEmpty }
        #expect(stored.accessToken != MockProviderServer.defaultAccessToken, "the session was refreshed")
        #expect(sink.events.count > 5)
        for event in sink.events {
            for secret in secrets {
                #expect(!event.description.contains(secret), "\(event.description) contains \(secret)")
            }
        }
    }

    @Test("Stored answers are reported as misses, then hits")
    func cacheHitsAndMisses() async throws {
        let client = try client()
        _ = try await client.login(.ctx, email: Self.email)
        _ = try await client.verify(.ctx, code: MockProviderServer.validCode)
        sink.reset()
        _ = try await client.merchant(ClientFixture.homeDepot)
        let ctxMisses = sink.events(.cacheMiss).filter { $0.provider == .ctx }
        #expect(ctxMisses.count == 1)
        #expect(ctxMisses.first?.message.contains(ClientFixture.homeDepot) == true)
        #expect(sink.events(.cacheHit).isEmpty)

        sink.reset()
        _ = try await client.merchant(ClientFixture.homeDepot)
        #expect(sink.events(.cacheHit).filter { $0.provider == .ctx }.count == 1)
    }

    /// An offer store that refuses every write.
    struct RefusingOfferCache: OfferCache {
        struct Refusal: Error, CustomStringConvertible { var description: String { "the store is full" } }
        func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails? { nil }
        func save(_ details: ProviderMerchantDetails) throws { throw Refusal() }
    }

    @Test("A failed write to the offer store is reported, and the lookup still answers live (service)")
    func failedCacheWriteThroughTheService() async throws {
        let credentials = InMemoryCredentialStore()
        try credentials.save(server.signedInCredentials(for: .ctx), for: .ctx, network: .mainnet)
        let factory = RepositoryFactory(
            configuration: server.configuration(credentials: credentials, transport: URLSessionTransport()))
        let database = try ExploreDatabase(
            bytes: ClientFixture.sample.bytes, origin: ClientFixture.sample.origin, providers: [.ctx])
        let service = MerchantService(
            database: database, repositories: factory.makeRepositories(), cache: RefusingOfferCache(),
            diagnostics: sink)

        let merchant = try await service.resolve(merchantId: ClientFixture.homeDepot, policy: .networkOnly)
        let offer = try #require(merchant.offers.first { $0.provider == .ctx })
        #expect(offer.discountBasisPoints.value == ClientFixture.homeDepotLiveDiscount)
        #expect(offer.discountBasisPoints.source == .live)
        let failures = sink.events(.cacheFailure)
        #expect(failures.count == 1)
        #expect(failures.first?.provider == .ctx)
        #expect(failures.first?.message.contains("the store is full") == true, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains(ClientFixture.homeDepot) == true)
    }

    @Test("A failed write to the offer store file is reported, and the lookup still answers live (client)")
    func failedCacheWriteThroughTheClient() async throws {
        // A real store whose table refuses inserts (root ignores file modes, not SQLite triggers).
        try FileManager.default.createDirectory(atPath: "\(state.path)/mainnet", withIntermediateDirectories: true)
        _ = try StateDatabase(path: "\(state.path)/mainnet/state.db", network: .mainnet)
        let store = try SQLiteConnection(path: "\(state.path)/mainnet/state.db", mode: .readWrite)
        try store.execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON provider_answer BEGIN SELECT RAISE(ABORT, 'refused by test'); END;
            """)

        let client = try client()
        _ = try await client.login(.ctx, email: Self.email)
        _ = try await client.verify(.ctx, code: MockProviderServer.validCode)
        let merchant = try await client.merchant(ClientFixture.homeDepot)
        let offer = try #require(merchant.offers.first { $0.provider == .ctx })
        #expect(offer.discountBasisPoints.value == ClientFixture.homeDepotLiveDiscount)
        #expect(offer.discountBasisPoints.source == .live)

        let failures = sink.events(.cacheFailure)
        #expect(failures.count == 1, "\(sink.events.map(\.description))")
        #expect(failures.first?.message.contains("refused by test") == true, "\(failures.map(\.message))")
        #expect(
            try store.fetchOne("SELECT count(*) AS n FROM provider_answer") { $0.integer("n") } == 0,
            "nothing was stored")
    }

    @Test("A stored answer that cannot be read is reported, counts as none, and is left in the file")
    func unreadableStoredAnswer() async throws {
        try FileManager.default.createDirectory(atPath: "\(state.path)/mainnet", withIntermediateDirectories: true)
        let path = "\(state.path)/mainnet/state.db"
        _ = try SQLiteOfferCache(path: path)
        let store = try SQLiteConnection(path: path, mode: .readWrite)
        try store.execute(
            "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', ?1, 0, 'not an answer')",
            [.text(ClientFixture.homeDepot)])

        let merchant = try await client().merchant(ClientFixture.homeDepot, policy: .cacheOnly)
        let offer = try #require(merchant.offers.first { $0.provider == .ctx })
        #expect(offer.discountBasisPoints.source == .local, "the unreadable answer is not used")
        let failures = sink.events(.cacheFailure)
        #expect(failures.count == 1, "\(sink.events.map(\.description))")
        #expect(failures.first?.message.contains("not an answer") == true, "\(failures.map(\.message))")
        let ctxReads = (sink.events(.cacheHit) + sink.events(.cacheMiss)).filter { $0.provider == .ctx }
        #expect(ctxReads.isEmpty, "neither a hit nor a miss: \(ctxReads.map(\.description))")
        #expect(
            try store.fetchOne("SELECT offer FROM provider_answer") { $0.text("offer") } == "not an answer",
            "a read changes nothing")
    }
}
