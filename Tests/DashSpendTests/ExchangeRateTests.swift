import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// `DashSpendClient.exchangeRate(from:currency:policy:)` over the real state database and the mock
/// provider on loopback, with a clock the test moves.
@Suite("Exchange rates: kept in the state database under the fetch policy", hangGuard(minutes: 3))
struct ExchangeRateTests {
    let state: ScratchDirectory
    let server: MockProviderServer
    let clock = ManualClock()
    let credentials = InMemoryCredentialStore()
    let diagnostics = CollectingDiagnostics()

    init() throws {
        state = try ScratchDirectory(prefix: "exchange-rate")
        server = try MockProviderServer.started()
    }

    /// A client over the state directory, as a new process would build one (its own memory, the same file).
    func client(offline: Bool = false) throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(state: state, server: server, diagnostics: diagnostics)
        configuration.credentials = credentials
        configuration.offline = offline
        let clock = self.clock
        configuration.now = { clock.now }
        return try DashSpendClient(configuration: configuration)
    }

    @Test("CTX publishes no exchange rate: an invalidRequest, whatever the policy, and nothing is asked")
    func ctxHasNoRate() async throws {
        #expect(ProviderInfo.ctx.exchangeRateMaxAge == nil)
        for policy: FetchPolicy in [.cacheFirst(), .networkFirst, .networkOnly, .cacheOnly] {
            do {
                _ = try await client().exchangeRate(from: .ctx, policy: policy)
                Issue.record("CTX answered an exchange rate under \(policy)")
            } catch let error as DashSpendFailure {
                #expect(error.kind == .invalidRequest)
                #expect(error.provider == .ctx)
            }
        }
        #expect(server.requestCount(.ctx) == 0)
    }

    #if PIGGYCARDS_ENABLED
    var ratePath: String { server.path(.piggyCards, "exchange-rate") }
    var rateRequests: Int { server.requestCount(.piggyCards, "exchange-rate") }
    static let fixtureRate = Decimal(string: "27.1703")!

    func signIn() throws {
        try credentials.save(server.signedInCredentials(for: .piggyCards), for: .piggyCards, network: .mainnet)
    }

    /// The stored row of PiggyCards' USD rate, read with SQL: rate, fetchedAt.
    func storedRow() throws -> (rate: String, fetchedAt: Double)? {
        let connection = try SQLiteConnection(path: state.path + "/mainnet/state.db", mode: .readOnly)
        return try connection.fetchOne(
            "SELECT rate, fetchedAt FROM exchange_rate WHERE provider = 'piggycards' AND currency = 'USD'"
        ) { ($0.text("rate") ?? "", $0.double("fetchedAt") ?? -1) }
    }

    @Test("PiggyCards' rate stays fresh for 60 s: a fresh one is not asked, an older one is asked and stored")
    func cacheFirstMaxAge() async throws {
        try signIn()
        #expect(ProviderInfo.piggyCards.exchangeRateMaxAge == 60)
        let live = try await client().exchangeRate(from: .piggyCards)
        #expect(live.source == .live && live.rate.rate == Self.fixtureRate && live.fetchedAt == clock.now)
        #expect(rateRequests == 1)
        #expect(try storedRow()?.rate == "27.1703", "kept as the decimal text sent")

        clock.advance(by: 59)
        let fresh = try await client().exchangeRate(from: .piggyCards)
        #expect(rateRequests == 1, "59 s old is younger than 60 s: not asked")
        #expect(fresh.source == .cached && fresh.rate.rate == Self.fixtureRate && fresh.liveError == nil)

        clock.advance(by: 2)
        server.loopback.inject(
            .respond(status: 200, body: #"{"currency":"USD","exchange_rate":30.5,"date_modified":"x"}"#),
            path: ratePath, times: 1)
        let stale = try await client().exchangeRate(from: .piggyCards)
        #expect(rateRequests == 2, "61 s old is no longer fresh: asked")
        #expect(stale.source == .live && stale.rate.rate == 30.5 && stale.fetchedAt == clock.now)
        let row = try #require(try storedRow())
        #expect(row.rate == "30.5" && row.fetchedAt == clock.now.timeIntervalSince1970)
        let readBack = try await client().exchangeRate(from: .piggyCards, policy: .cacheOnly)
        #expect(readBack.source == .cached && readBack.rate.rate == 30.5)
        #expect(rateRequests == 2)
    }

    @Test("A rate with more digits than a Double holds is kept, stored and read back digit for digit")
    func rateKeepsEveryDigit() async throws {
        try signIn()
        let digits = "27.17031234567890123456789"
        server.loopback.inject(
            .respond(status: 200, body: #"{"currency":"USD","exchange_rate":"# + digits + "}"), path: ratePath, times: 1)
        let live = try await client().exchangeRate(from: .piggyCards, policy: .networkOnly)
        #expect(live.rate.rate == Decimal(string: digits)! && live.rate.rate.description == digits)
        #expect(try storedRow()?.rate == digits)
        let readBack = try await client(offline: true).exchangeRate(from: .piggyCards, policy: .cacheOnly)
        #expect(readBack.rate.rate.description == digits)
    }

    @Test("A 500 under network first keeps the stored rate and reports the failure; network only throws it")
    func serverErrorKeepsStored() async throws {
        try signIn()
        _ = try await client().exchangeRate(from: .piggyCards, policy: .networkFirst)
        let before = try #require(try storedRow())
        clock.advance(by: 120)
        server.loopback.inject(.respond(status: 500, body: "{}"), path: ratePath, times: 1)
        let fallback = try await client().exchangeRate(from: .piggyCards, policy: .networkFirst)
        #expect(fallback.source == .cached && fallback.rate.rate == Self.fixtureRate)
        #expect(fallback.liveError?.kind == .unavailable)
        #expect(try storedRow()?.fetchedAt == before.fetchedAt)
        server.loopback.inject(.respond(status: 500, body: "{}"), path: ratePath, times: 1)
        await #expect(throws: DashSpendFailure.self) {
            _ = try await client().exchangeRate(from: .piggyCards, policy: .networkOnly)
        }
    }

    @Test(
        "A malformed or implausible rate never overwrites the stored one",
        arguments: [
            #"{"foo":1}"#, #"{"currency":"USD","exchange_rate":0}"#, #"{"currency":"USD","exchange_rate":-3}"#,
            #"{"currency":"USD","exchange_rate":"abc"}"#, #"{"currency":"USD","exchange_rate":1e300}"#, #"[]"#,
            #"{"currency":"EUR","exchange_rate":25}"#,
        ])
    func malformedKeepsStored(body: String) async throws {
        try signIn()
        _ = try await client().exchangeRate(from: .piggyCards, policy: .networkFirst)
        let before = try #require(try storedRow())
        clock.advance(by: 120)
        server.loopback.inject(.respond(status: 200, body: body), path: ratePath, times: 1)
        let answer = try await client().exchangeRate(from: .piggyCards, policy: .networkFirst)
        #expect(answer.source == .cached && answer.rate.rate == Self.fixtureRate, "\(body) was used")
        #expect(answer.liveError?.kind == .badData, "\(body): \(String(describing: answer.liveError))")
        let after = try #require(try storedRow())
        #expect(after.rate == before.rate && after.fetchedAt == before.fetchedAt, "\(body) replaced the stored rate")
    }

    @Test("Offline after a live answer: the stored rate, same value, as cached, with zero requests")
    func offlineAfterLive() async throws {
        try signIn()
        let live = try await client().exchangeRate(from: .piggyCards, policy: .networkFirst)
        clock.advance(by: 3600)
        for policy: FetchPolicy in [.cacheFirst(), .networkFirst, .cacheOnly] {
            let offline = try await client(offline: true).exchangeRate(from: .piggyCards, policy: policy)
            #expect(offline.source == .cached && offline.rate == live.rate && offline.fetchedAt == live.fetchedAt)
        }
        #expect(rateRequests == 1)
    }

    @Test("Not signed in: the stored rate or a sign-in failure")
    func notSignedIn() async throws {
        do {
            _ = try await client().exchangeRate(from: .piggyCards)
            Issue.record("answered without a sign-in or a stored rate")
        } catch let error as DashSpendFailure {
            #expect(error.kind == .signInRequired)
        }
        #expect(rateRequests == 0)
    }

    @Test("100 concurrent callers of one client share one request")
    func concurrentCallersShareOneRequest() async throws {
        try signIn()
        let client = try client()
        // The answer is held until all 100 callers have joined the request (a fixed delay raced a loaded
        // machine: a caller that came after the answer would ask again).
        let gate = LoopbackGate()
        server.loopback.inject(.hold(gate), path: ratePath, times: 1)
        let rates = try await withThrowingTaskGroup(of: Decimal.self) { group in
            // Opened before the group waits for its callers, also when the wait fails.
            defer { gate.open() }
            for _ in 0..<100 {
                group.addTask { try await client.exchangeRate(from: .piggyCards, policy: .networkFirst).rate.rate }
            }
            try await waitUntil("100 callers share the rate request") {
                await client.rateCallersInFlight(.piggyCards, currency: "USD") == 100
            }
            gate.open()
            return try await group.reduce(into: [Decimal]()) { $0.append($1) }
        }
        #expect(rates.count == 100 && rates.allSatisfy { $0 == Self.fixtureRate })
        #expect(rateRequests == 1)
    }
    #endif
}
