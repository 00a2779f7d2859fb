import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Requests to providers across every caller of one client: identical ones in flight share one call, at
/// most N per provider are in flight (the loopback server counts them), and a database opened again does
/// not start a second, separate set of either.
@Suite("One client: deduplicated requests, at most N per provider in flight", hangGuard(minutes: 5))
struct ConcurrencyBoundTests {
    @Test("1,000 concurrent resolutions of one merchant: one request to each provider, and one write of each answer")
    func thousandCallersOneRequest() async throws {
        // The service alone, over a merchant already read and an in-memory store, so that what the 1,000
        // callers do besides sharing the request is next to nothing.
        let fixture = try ServiceFixture()
        for provider in GiftCardProvider.allCases { try fixture.signIn(provider) }
        guard case .found(let merchant) = try fixture.database.merchant(id: "m-home") else {
            Issue.record("m-home is in the fixture")
            return
        }
        // Every answer is held until all 1,000 callers have joined the request in flight (a fixed delay raced
        // a loaded machine, where a late caller came after the answer and, with nothing kept in memory, asked
        // again).
        let gate = LoopbackGate()
        for provider in GiftCardProvider.allCases { fixture.server.setMerchantAnswerGate(gate, for: provider) }
        // The client's configuration: no answer is reused from memory, so only the single flight can
        // make the 1,000 callers share one request.
        #expect(MerchantService.defaultLiveTimeToLive == 0)
        let service = fixture.service(timeToLive: MerchantService.defaultLiveTimeToLive)
        let merchants = try await withThrowingTaskGroup(of: ResolvedMerchant.self) { group in
            // Opened before the group waits for its callers, also when the wait fails.
            defer { gate.open() }
            for _ in 0..<1_000 { group.addTask { try await service.resolve(merchant, policy: .networkOnly) } }
            for offer in merchant.providers {
                try await waitUntil("1,000 callers share the \(offer.provider.displayName) request") {
                    await service.liveCallersInFlight(offer.provider, sourceId: offer.sourceId) == 1_000
                }
            }
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(merchants.count == 1_000)
        for provider in GiftCardProvider.allCases {
            #expect(fixture.server.requestCount(provider) == 1, "\(provider.displayName)")
        }
        #expect(fixture.cache.saveCount == GiftCardProvider.allCases.count, "one answer per provider, one write each")
        let answers = merchants.compactMap { $0.offer(.ctx)?.discountBasisPoints }
        #expect(answers.count == 1_000)
        #expect(answers.allSatisfy { $0.source == .live && $0.value == 300 }, "the mock's live 300 bp")
        #expect(Set(answers.compactMap(\.fetchedAt)).count == 1, "every caller got the one answer")

        // Nothing is kept in memory: once the shared request is over, the next caller asks again (and
        // writes again); the state database under the policy is what spares requests.
        _ = try await service.resolve(merchant, policy: .networkOnly)
        #expect(fixture.server.requestCount(.ctx) == 2)
        #expect(fixture.cache.saveCount == 2 * GiftCardProvider.allCases.count)
    }

    @Test(
        "200 distinct merchants at once: never more requests per provider in flight than the bound, and it is reached",
        arguments: [nil, 2] as [Int?])
    func boundPerProvider(_ bound: Int?) async throws {
        let limit = bound ?? DashSpendConfiguration.defaultMaxConcurrentRequestsPerProvider
        #expect(limit == 4 || bound != nil, "the default is 4")
        let fixture = try GeneratedMerchantsFixture(merchants: 200)
        try fixture.signIn()
        let client = try fixture.client(bound: bound)
        // One provider's answers at a time are held until `limit` of its requests are on the server together,
        // so the bound is reached whatever the machine's load (a short delay per answer sometimes was not
        // enough). One at a time: both providers are on one loopback host, where URLSession opens at most six
        // connections, fewer than two bounds of four. The other provider's answers go through meanwhile.
        for held in GiftCardProvider.allCases {
            fixture.server.loopback.resetCounters()
            let gate = LoopbackGate()
            fixture.server.setMerchantAnswerGate(gate, for: held)
            let merchants = try await withThrowingTaskGroup(of: ResolvedMerchant.self) { group in
                // Opened before the group waits for its callers, also when the wait fails.
                defer { gate.open() }
                for number in 1...200 {
                    group.addTask {
                        try await client.merchant(FixtureDatabase.generatedMerchantId(number), policy: .networkOnly)
                    }
                }
                try await waitUntil("\(limit) \(held.displayName) requests in flight") {
                    fixture.server.requestsInFlight(held) >= limit
                }
                gate.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            fixture.server.setMerchantAnswerGate(nil, for: held)
            #expect(merchants.allSatisfy { $0.offer(.ctx)?.discountBasisPoints.source == .live })
            for provider in GiftCardProvider.allCases {
                let most = fixture.server.maxRequestsInFlight(provider)
                #expect(most <= limit, "\(provider.displayName): \(most) requests in flight at once")
                #expect(fixture.server.requestCount(provider) == 200, "\(provider.displayName): one request per merchant")
            }
            let most = fixture.server.maxRequestsInFlight(held)
            #expect(most == limit, "\(held.displayName): the bound was reached, so the test can see it broken")
            #expect((1...200).allSatisfy { fixture.ctxRequests($0) == 1 })
        }
    }

    @Test("A database opened again (the file replaced) shares the requests in flight of the one before")
    func reopenedDatabaseSharesTheLoader() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 1)
        try fixture.signIn()
        // The request is held until the second call joins it: on a loaded machine that can take longer than a
        // short time-out, which would end the held request first.
        let client = try fixture.client(timeout: 120)
        let merchantId = FixtureDatabase.generatedMerchantId(1)
        let gate = LoopbackGate()
        fixture.server.loopback.inject(
            .hold(gate), path: fixture.server.path(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(1))"))

        let first = Task { try await client.merchant(merchantId, policy: .networkOnly) }
        #expect(try await gate.waitForArrivals(1), "the first request is being answered")

        // Replace the file (a new inode): the client opens it again, with a new service, on the next call.
        let replacement = try FixtureDatabase.makeGenerated(merchants: 1, named: "replacement.db", in: fixture.state)
        try SQLiteConnection(path: replacement, mode: .readWrite).execute("UPDATE merchant SET name = 'Renamed Merchant'")
        #expect(rename(replacement, fixture.databasePath) == 0)

        let second = Task { try await client.merchant(merchantId, policy: .networkOnly) }
        // The answer is let through only once the second call (over the replaced file) has joined the request
        // in flight: waiting a fixed time instead raced a loaded machine, where the first answer arrived
        // before the second call got there and, with nothing kept in memory, it asked again. A service of
        // its own (a second loader) never joins, and the count below then fails.
        let deadline = MonotonicClock.Instant.now.advanced(bySeconds: 90)
        while await client.liveCallersInFlight(.ctx, sourceId: FixtureDatabase.generatedCTXId(1)) < 2 {
            guard MonotonicClock.Instant.now < deadline else {
                Issue.record("the second call never joined the request in flight")
                break
            }
            try await Task.sleep(seconds: 0.005)
        }
        gate.open()
        let (before, after) = (try await first.value, try await second.value)
        #expect(before.merchant.name == FixtureDatabase.generatedMerchantName(1))
        #expect(after.merchant.name == "Renamed Merchant", "the second call read the replaced file")
        #expect(fixture.ctxRequests(1) == 1, "the second call joined the request in flight")
        #expect(after.offer(.ctx)?.discountBasisPoints.source == .live)
    }

    @Test("A bound below 1 is refused when the client is created, naming no option")
    func boundBelowOne() throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 1)
        for bound in [0, -3] {
            var configuration = ClientFixture.configuration(
                state: fixture.state, server: fixture.server, database: .file(fixture.databasePath))
            configuration.maxConcurrentRequestsPerProvider = bound
            let failure = try #require(
                throws: DashSpendFailure.self, performing: { try DashSpendClient(configuration: configuration) })
            #expect(failure.kind == .invalidRequest)
            #expect(failure.message.contains("at least 1"), "\(failure.message)")
            #expect(!failure.message.contains("--"), "\(failure.message)")
        }
    }
}
