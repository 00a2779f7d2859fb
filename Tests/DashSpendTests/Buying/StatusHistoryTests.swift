import DashSpend
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Every status an order is kept in is kept in its history (`order_status_event`), and the support report lists
/// them all, oldest first, with the provider's word for each.
@Suite("An order's status history is kept and reported", hangGuard(minutes: 2))
struct StatusHistoryTests {
    @Test("Placed, unpaid, paid, fulfilled: four steps in the report; an answer that changes nothing adds none")
    func everyStepIsKept() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .unpaid, .paid, .fulfilled])
        let order = try #require(try await WatchOrdersTests.place([25], fixture).first)
        for _ in 0..<4 { _ = try await fixture.client.order(id: order.id) }

        let report = try fixture.client.supportReport(orderId: order.id)
        #expect(report.history.map(\.status) == [.creating, .unpaid, .paid, .fulfilled], "\(report.history)")
        #expect(report.history.first?.note == "order written here, before the provider was asked")
        #expect(report.history.dropFirst().allSatisfy { $0.note.hasPrefix("the provider said") }, "\(report.history)")
        #expect(zip(report.history, report.history.dropFirst()).allSatisfy { $0.date <= $1.date })
    }

    @Test("An order kept before the history was has its first state and every state kept from its next answer on")
    func olderOrderGainsItsSteps() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        fixture.server.orderBook.setProgression([.unpaid, .paid])
        let order = try #require(try await WatchOrdersTests.place([25], fixture).first)
        // As if an older version had kept it: no steps.
        try SQLiteConnection(path: fixture.state.path + "/mainnet/orders.db", mode: .readWrite).execute(
            "DELETE FROM order_status_event")
        #expect(try fixture.client.supportReport(orderId: order.id).history.first?.status == .creating)

        for _ in 0..<2 { _ = try await fixture.client.order(id: order.id) }
        let report = try fixture.client.supportReport(orderId: order.id)
        #expect(report.history.map(\.status) == [.creating, .unpaid, .paid], "\(report.history)")
    }
}
