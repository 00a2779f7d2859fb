import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("The fallback chains: live → cached → local → default, every value with its source", hangGuard(minutes: 2))
struct ResolutionChainTests {
    @Test("Not signed in: nothing is asked, values are local or default, and the reason is kept")
    func notSignedIn() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(ctx.enabled == Resolved(true, source: .local))
        #expect(ctx.discountBasisPoints == Resolved(250, source: .local))
        #expect(ctx.denominationsTypeSource == .local)
        #expect(ctx.denominations.source == .default)
        #expect(ctx.denominations.value == .flexible(minimum: 5, maximum: 500))
        #expect(ctx.liveError == .signInRequired(.ctx))
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 0)
    }

    @Test("Signed in: live values win, carry the provider and the time, and are written through")
    func live() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(ctx.enabled.value == true)
        #expect(ctx.enabled.source == .live)
        #expect(ctx.discountBasisPoints.value == 300)
        #expect(ctx.discountBasisPoints.source == .live)
        #expect(ctx.discountBasisPoints.provider == .ctx)
        #expect(ctx.discountBasisPoints.fetchedAt != nil)
        #expect(ctx.denominations.value == .fixed([10, 12.5, 25, 50]))
        #expect(ctx.denominations.source == .live)
        #expect(ctx.liveError == nil)
        #expect(fixture.cache.load(.ctx, sourceId: ServiceFixture.homeCTX)?.discountBasisPoints == 300)
    }

    @Test("A failed live call falls back to the stored answer; the stored answer survives the failure")
    func cachedAfterFailure() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        _ = try await fixture.service().resolve(merchantId: "m-home")
        fixture.server.loopback.inject(
            .respond(status: 503, body: "{}"),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"))
        let merchant = try await fixture.service().resolve(merchantId: "m-home")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(
            ctx.discountBasisPoints
                == Resolved(
                    300, source: .cached, provider: .ctx,
                    fetchedAt: ctx.discountBasisPoints.fetchedAt))
        #expect(ctx.denominations.source == .cached)
        guard case .serverError(status: 503, _)? = ctx.liveError else {
            Issue.record("the 503 must be kept as the reason, got \(String(describing: ctx.liveError))")
            return
        }
        #expect(fixture.cache.load(.ctx, sourceId: ServiceFixture.homeCTX) != nil, "a failure never clears stored data")
    }

    @Test("Offline: the stored answer, never the network")
    func offline() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        _ = try await fixture.service().resolve(merchantId: "m-home")
        let before = fixture.ctxRequests(ServiceFixture.homeCTX)
        let merchant = try await fixture.service().resolve(merchantId: "m-home", policy: .cacheOnly)
        #expect(merchant.offer(.ctx)?.discountBasisPoints.source == .cached)
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == before)
    }

    @Test("Network-only: a provider that cannot answer is an error")
    func networkOnly() async throws {
        let fixture = try ServiceFixture()
        await #expect(throws: MerchantServiceError.self) {
            _ = try await fixture.service().resolve(merchantId: "m-home", policy: .networkOnly)
        }
        try fixture.signIn(.ctx)
        fixture.server.stop()
        do {
            _ = try await fixture.service().resolve(merchantId: "m-bare", policy: .networkOnly)
            Issue.record("a stopped server must fail a network-only resolve")
        } catch .provider(.network) {
            // Expected.
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("A live answer with only an id: its defaults count, missing fields fall through per field")
    func partialLiveAnswer() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-bare")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(
            ctx.enabled == Resolved(true, source: .live, provider: .ctx, fetchedAt: ctx.enabled.fetchedAt),
            "CTX: missing enabled means enabled")
        #expect(ctx.discountBasisPoints == Resolved(700, source: .local), "no discount in the answer: the database's")
        #expect(ctx.denominationsTypeSource == .live, "CTX: missing denominationsType means fixed")
        #expect(ctx.denominations.value == .fixed([]))
        #expect(ctx.denominations.source == .default)
    }

    @Test("A merchant the provider does not know keeps its stored values, with the reason")
    func unknownAtProvider() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-missing")
        let ctx = try #require(merchant.offer(.ctx))
        #expect(ctx.discountBasisPoints == Resolved(150, source: .local))
        #expect(ctx.liveError == .unknownMerchant(ServiceFixture.missingCTX))
    }

    @Test("A Dash merchant: no offers; enabled from merchant.active")
    func dashMerchant() async throws {
        let fixture = try ServiceFixture()
        let merchant = try await fixture.service().resolve(merchantId: "m-dash")
        #expect(merchant.offers.isEmpty)
        #expect(merchant.enabled == Resolved(false, source: .local))
    }

    @Test("Not found")
    func notFound() async throws {
        let fixture = try ServiceFixture()
        do {
            _ = try await fixture.service().resolve(merchantId: "nobody")
            Issue.record("expected not found")
        } catch .notFound(let id) {
            #expect(id == "nobody")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("Identical requests in flight share one call; a recent answer is reused")
    func deduplicationAndThrottle() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)")
        // The answer is held until the ten calls have joined it (a fixed delay raced a loaded machine).
        let gate = LoopbackGate()
        fixture.server.loopback.inject(.hold(gate), path: path)
        // No reuse of finished answers (time-to-live 0): only sharing the call in flight can keep ten
        // resolutions to one request, so one request proves the calls overlapped and were shared.
        let unthrottled = fixture.service(timeToLive: 0)
        let sources = try await withThrowingTaskGroup(of: ValueSource.self) { group in
            // Opened before the group waits for its callers, also when the wait fails.
            defer { gate.open() }
            for _ in 0..<10 {
                group.addTask { try await unthrottled.resolve(merchantId: "m-home").offer(.ctx)!.discountBasisPoints.source }
            }
            try await waitUntil("ten calls share the request") {
                await unthrottled.liveCallersInFlight(.ctx, sourceId: ServiceFixture.homeCTX) == 10
            }
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sources == Array(repeating: .live, count: 10))
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 1, "the ten calls were in flight together and shared one")
        fixture.server.loopback.clearFaults()
        _ = try await unthrottled.resolve(merchantId: "m-home")
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 2, "without a time-to-live a finished answer is not reused")
        let service = fixture.service()
        _ = try await service.resolve(merchantId: "m-home")
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 3)
        _ = try await service.resolve(merchantId: "m-home")
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 3, "within the time-to-live the answer is reused")
    }
}

@Suite("Edge cases of the chains", hangGuard(minutes: 2))
struct ResolutionEdgeCaseTests {
    @Test("A recent answer is reused until the time-to-live has passed on the service's clock")
    func timeToLiveOnOneService() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let clock = ManualClock()
        let service = fixture.service(timeToLive: 30, now: { clock.now })
        _ = try await service.resolve(merchantId: "m-home")
        clock.advance(by: 29)
        _ = try await service.resolve(merchantId: "m-home")
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 1)
        clock.advance(by: 2)
        _ = try await service.resolve(merchantId: "m-home")
        #expect(fixture.ctxRequests(ServiceFixture.homeCTX) == 2)
    }

    @Test("An answer is stored under the id it was asked for, whatever id the provider spells in it")
    func cacheKey() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let live = try await fixture.service().resolve(merchantId: "m-upper")
        #expect(live.offer(.ctx)?.discountBasisPoints.value == 425)
        let offline = try await fixture.service().resolve(merchantId: "m-upper", policy: .cacheOnly)
        #expect(
            offline.offer(.ctx)?.discountBasisPoints
                == Resolved(
                    425, source: .cached, provider: .ctx,
                    fetchedAt: offline.offer(.ctx)?.discountBasisPoints.fetchedAt))
    }

    @Test("A blank provider id is never sent; the stored values stand")
    func blankSourceId() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let merchant = try await fixture.service().resolve(merchantId: "m-blank")
        #expect(merchant.offer(.ctx)?.liveError == .unknownMerchant(""))
        #expect(merchant.offer(.ctx)?.discountBasisPoints == Resolved(100, source: .local))
        #expect(fixture.server.loopback.receivedRequests.allSatisfy { !$0.path.hasSuffix("/merchants/") })
    }

    @Test("Network-only without any repository is an error, not a quiet local answer")
    func networkOnlyWithoutRepositories() async throws {
        let fixture = try ServiceFixture()
        let service = MerchantService(database: fixture.database, repositories: [:])
        await #expect(throws: MerchantServiceError.self) {
            _ = try await service.resolve(merchantId: "m-home", policy: .networkOnly)
        }
    }

    #if PIGGYCARDS_ENABLED
    @Test("A merchant sold only through a provider not offered in the user's country says so")
    func notOfferedInCountry() async throws {
        let fixture = try ServiceFixture()
        do {
            _ = try await fixture.service(country: "RU").resolve(merchantId: "m-piggy", policy: .cacheOnly)
            Issue.record("expected notOfferedInCountry")
        } catch .notOfferedInCountry(let id, let providers, let country) {
            #expect(id == "m-piggy" && providers == ["PiggyCards"] && country == "RU")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
    #endif
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
