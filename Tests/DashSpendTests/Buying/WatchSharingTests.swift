import DashSpend
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Watches of one state directory (two clients here, as two processes would be) share their asks through the
/// leases in the state database: one ask per order per turn between them, and a watch that does not ask reads
/// the answers where the asking one keeps them. The clients' clocks stand still, so a lease never expires
/// unless the test makes it so.
@Suite("Watches of one state directory share their asks", hangGuard(minutes: 3))
struct WatchSharingTests {
    let fixture: BuyingFixture
    let frozen = Date()

    init() throws {
        fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .unpaid, .unpaid, .unpaid, .fulfilled])
    }

    /// A client of the fixture's state directory whose clock stands at `frozen`.
    func watcher() throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(
            state: fixture.state, server: fixture.server, diagnostics: fixture.diagnostics)
        configuration.now = { [frozen] in frozen }
        return try DashSpendClient(configuration: configuration)
    }

    /// Writes the lease of `orderId` as another watch would hold it, until `until`.
    func leaseHeldElsewhere(_ orderId: String, until: Date) throws {
        try fixture.client.stateDatabase().connection.execute(
            """
            INSERT INTO order_ask_lease (network, orderId, holder, askedAt, until)
            VALUES ('mainnet', ?1, 'another watch', ?2, ?3)
            """, [.text(orderId), .real(frozen.timeIntervalSince1970 - 60), .real(until.timeIntervalSince1970)])
    }

    var statusCalls: [Int] { fixture.server.orderBook.entries.map(\.statusCalls) }

    @Test("Two watches at once: the provider is asked once per turn between them, and both see the card arrive")
    func twoWatchesAskOnce() async throws {
        _ = try await WatchOrdersTests.place([25], fixture)
        let (first, second) = (try watcher(), try watcher())
        async let one = WatchOrdersTests.changes(first)
        async let two = WatchOrdersTests.changes(second)
        let (changesOne, changesTwo) = try await (one, two)
        // Whichever took the lease asked five times (the fifth answer fulfilled); the other never asked. Each
        // asking on its own would have made six: the last to see the card would have asked once more.
        #expect(statusCalls == [5], "\(statusCalls)")
        for changes in [changesOne, changesTwo] {
            #expect(changes.last?.order.status == .fulfilled && changes.last?.cardsArrived == true, "\(changes)")
        }
    }

    @Test("A lease another watch holds keeps this one from asking: it reads the kept order until it closes")
    func heldLeaseIsRespected() async throws {
        let order = try #require(try await WatchOrdersTests.place([25], fixture).first)
        try leaseHeldElsewhere(order.id, until: frozen.addingTimeInterval(3600))
        let watching = Task { try await WatchOrdersTests.changes(try watcher()) }
        // The holder's asks, as another process's watch would make them; each answer lands in the orders file.
        for _ in 0..<5 {
            try await Task.sleep(nanoseconds: 30_000_000)
            _ = try await fixture.client.order(id: order.id)
        }
        let changes = try await watching.value
        #expect(statusCalls == [5], "only the holder asked: \(statusCalls)")
        #expect(changes.last?.order.status == .fulfilled && changes.last?.cardsArrived == true, "\(changes)")
    }

    @Test("A lease that has expired (its watch was stopped) is taken over: the watch asks on its own")
    func expiredLeaseIsTakenOver() async throws {
        let order = try #require(try await WatchOrdersTests.place([25], fixture).first)
        try leaseHeldElsewhere(order.id, until: frozen.addingTimeInterval(-1))
        let changes = try await WatchOrdersTests.changes(try watcher())
        #expect(statusCalls == [5], "\(statusCalls)")
        #expect(changes.last?.order.status == .fulfilled)
    }
}
