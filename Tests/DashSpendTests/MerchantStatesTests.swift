import DashSpend
import DashSpendTestSupport
import Foundation
import Observation
import Testing

/// The states app code observes for one merchant: the stored answer at once, then the live one (seed 000's
/// DataState), as an `AsyncSequence` and as the observable ``MerchantModel``.
@Suite("Merchant states: the stored answer at once, then the live one", hangGuard(minutes: 3))
struct MerchantStatesTests {
    let state: ScratchDirectory
    let server: MockProviderServer

    init() throws {
        state = try ScratchDirectory(prefix: "merchant-states")
        server = try MockProviderServer.started()
    }

    func client() throws -> DashSpendClient {
        try DashSpendClient(configuration: ClientFixture.configuration(state: state, server: server))
    }

    var homeDepotPath: String { server.path(.ctx, "merchants/\(ClientFixture.homeDepot)") }

    /// Signs in to CTX and stores a live answer about Home Depot, through a client of its own (an earlier
    /// run of the app).
    func storeAnAnswer() async throws {
        let earlier = try client()
        _ = try await earlier.login(.ctx, email: "states@example.com")
        _ = try await earlier.verify(.ctx, code: MockProviderServer.validCode)
        _ = try await earlier.merchant(ClientFixture.homeDepot, policy: .networkOnly)
        server.loopback.resetCounters()
    }

    static func ctxDiscount(_ merchant: ResolvedMerchant?) -> Resolved<Int>? {
        merchant?.offers.first { $0.provider == .ctx }?.discountBasisPoints
    }

    @Test("The stored answer is shown while the live one is asked; then the live one, with its source and age")
    func storedThenLive() async throws {
        try await storeAnAnswer()
        let gate = LoopbackGate()
        server.loopback.inject(.hold(gate), path: homeDepotPath, times: 1)
        defer { gate.open() }

        var states = try client().merchantStates(ClientFixture.homeDepot, policy: .networkOnly).makeAsyncIterator()
        guard case .loading(nil)? = await states.next() else {
            Issue.record("first: loading with nothing to show")
            return
        }
        let second = await states.next()
        guard case .loading(let previous?)? = second else {
            Issue.record("second: loading with the stored answer, got \(String(describing: second))")
            return
        }
        #expect(Self.ctxDiscount(previous)?.source == .cached)
        #expect(Self.ctxDiscount(previous)?.value == ClientFixture.homeDepotLiveDiscount)
        #expect(try await gate.waitForArrivals(1), "the live request is under way while the stored answer shows")

        gate.open()
        let third = await states.next()
        guard case .loaded(let live, let source, let fetchedAt?)? = third else {
            Issue.record("third: loaded live, got \(String(describing: third))")
            return
        }
        #expect(source == .live)
        #expect(abs(fetchedAt.timeIntervalSinceNow) < 60)
        #expect(Self.ctxDiscount(live)?.source == .live)
        #expect(await states.next() == nil, "the sequence ends")
        #expect(server.requestCount(.ctx, "merchants/\(ClientFixture.homeDepot)") == 1)
    }

    @Test("A live lookup that fails ends in failed, still carrying the stored answer")
    func failedKeepsStored() async throws {
        try await storeAnAnswer()
        server.loopback.inject(.respond(status: 500, body: "{}"), path: homeDepotPath, times: 1)
        let states = await collect(try client().merchantStates(ClientFixture.homeDepot, policy: .networkOnly))
        #expect(states.count == 3, "\(states)")
        guard case .failed(let failure, let previous?)? = states.last else {
            Issue.record("last: failed with the stored answer, got \(String(describing: states.last))")
            return
        }
        #expect(failure.kind == .unavailable, "\(failure)")
        #expect(Self.ctxDiscount(previous)?.source == .cached)
    }

    @Test("Offline, the stored answer is the loaded one and nothing is asked")
    func cacheOnlyLoadsStored() async throws {
        try await storeAnAnswer()
        let states = await collect(try client().merchantStates(ClientFixture.homeDepot, policy: .cacheOnly))
        #expect(states.count == 2, "\(states)")
        guard case .loaded(let stored, .cached, let fetchedAt?)? = states.last else {
            Issue.record("last: loaded from the stored answer, got \(String(describing: states.last))")
            return
        }
        #expect(Self.ctxDiscount(stored)?.value == ClientFixture.homeDepotLiveDiscount)
        #expect(abs(fetchedAt.timeIntervalSinceNow) < 60)
        #expect(server.loopback.receivedRequests.isEmpty)
    }

    @Test("A merchant that does not exist fails at once with nothing to show")
    func unknownMerchant() async throws {
        let states = await collect(try client().merchantStates("no-such-merchant"))
        #expect(states.count == 2, "\(states)")
        guard case .failed(let failure, nil)? = states.last else {
            Issue.record("last: failed, got \(String(describing: states.last))")
            return
        }
        #expect(failure.kind == .notFound)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("The model's state changes are observed: stored at once, live when it lands, and a failed reload keeps it")
    @MainActor
    func modelIsObserved() async throws {
        try await storeAnAnswer()
        let model = MerchantModel(client: try client(), merchant: "Home Depot")
        #expect(model.state.value == nil)
        let changes = ChangeCounter()
        changes.track(model)

        let gate = LoopbackGate()
        server.loopback.inject(.hold(gate), path: homeDepotPath, times: 1)
        defer { gate.open() }
        let loading = Task { await model.load(policy: .networkOnly) }
        #expect(try await gate.waitForArrivals(1))
        guard case .loading(let shown?) = model.state else {
            Issue.record("while the live answer is held: loading with the stored answer, got \(model.state)")
            return
        }
        #expect(Self.ctxDiscount(shown)?.source == .cached)
        gate.open()
        await loading.value
        guard case .loaded(let live, .live, _) = model.state else {
            Issue.record("after: loaded live, got \(model.state)")
            return
        }
        #expect(Self.ctxDiscount(live)?.source == .live)
        #expect(changes.count >= 3, "observers were told of each change: \(changes.count)")

        // A reload of the same model that fails: loading with the live answer still shown (the stream's
        // first state carries nothing; the model keeps what it showed), then the stored one, then failed
        // still carrying it. Every state the model takes is recorded, in order.
        let recorder = StateRecorder()
        recorder.track(model)
        server.loopback.inject(.respond(status: 500, body: "{}"), path: homeDepotPath, times: 1)
        await model.load(policy: .networkOnly)
        let taken = recorder.replaced.dropFirst() + [model.state]
        #expect(taken.count == 3, "\(taken)")
        guard taken.count == 3, case .loading(let stillShown?) = taken[taken.startIndex] else {
            Issue.record("a reload first shows loading with what was shown, got \(taken)")
            return
        }
        #expect(Self.ctxDiscount(stillShown)?.source == .live, "the live answer shown before, not nothing")
        guard case .loading(let stored?) = taken[taken.startIndex + 1] else {
            Issue.record("then loading with the stored answer, got \(taken)")
            return
        }
        #expect(Self.ctxDiscount(stored)?.source == .cached)
        guard case .failed(let failure, let kept?) = model.state else {
            Issue.record("a failed reload: failed with what was shown, got \(model.state)")
            return
        }
        #expect(failure.kind == .unavailable)
        #expect(Self.ctxDiscount(kept)?.value == ClientFixture.homeDepotLiveDiscount)
    }

    func collect(_ states: AsyncStream<DataState<ResolvedMerchant>>) async -> [DataState<ResolvedMerchant>] {
        var collected: [DataState<ResolvedMerchant>] = []
        for await state in states { collected.append(state) }
        return collected
    }
}

/// Counts the changes of a model's `state` that observers are told of.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ChangeCounter {
    private(set) var count = 0

    func track(_ model: MerchantModel) {
        withObservationTracking {
            _ = model.state
        } onChange: {
            Task { @MainActor in
                self.count += 1
                self.track(model)
            }
        }
    }
}

/// Records, synchronously and in order, every state a model's `state` replaces (observers are told in
/// `willSet`, so each call sees the value about to be replaced; the last one is the model's current state).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class StateRecorder {
    private(set) var replaced: [DataState<ResolvedMerchant>] = []

    func track(_ model: MerchantModel) {
        withObservationTracking {
            _ = model.state
        } onChange: {
            MainActor.assumeIsolated {
                self.replaced.append(model.state)
                self.track(model)
            }
        }
    }
}
