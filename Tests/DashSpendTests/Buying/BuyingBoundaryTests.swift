import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Boundaries a wrong change could move without any other test noticing (issue 17, "tests the suite lacks"):
/// a range's own ends, an order that cannot be kept, and a stored answer exactly as old as its max age.
@Suite("Buying at the boundaries", hangGuard(minutes: 3))
struct BuyingBoundaryTests {
    @Test("A min-max CTX card at exactly its minimum and maximum is bought; a cent outside either is refused unsent")
    func ctxRangeEnds() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        for text in ["5", "1000"] {
            let amount = try #require(Decimal(string: text))
            let order = try await fixture.client.placeOrder(
                try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: amount))
            #expect(order.status == .unpaid, "\(text)")
            #expect(order.amount == amount)
        }
        #expect(fixture.createRequests(.ctx) == 2)
        for text in ["4.99", "1000.01"] {
            let failure = try #require(
                await ClientFixture.failure {
                    try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: Decimal(string: text)!)
                })
            #expect(failure.cause == .amountNotAllowed, "\(text)")
        }
        #expect(fixture.createRequests(.ctx) == 2, "nothing sent for the amounts outside")
        #expect(try fixture.client.orders().count == 2)
    }

    @Test("An order that cannot be kept is never sent: the database refusing the new row fails as a write failure")
    func unkeepableOrderIsNotSent() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        _ = try fixture.client.orders()  // the orders database exists from here
        let path = fixture.state.path + "/mainnet/orders.db"
        try SQLiteConnection(path: path, mode: .readWrite).execute(
            "CREATE TRIGGER refuse_new_orders BEFORE INSERT ON purchase_order BEGIN SELECT RAISE(ABORT, 'no new orders'); END")
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.kind == .cannotWrite, "\(failure)")
        #expect(fixture.createRequests(.ctx) == 0, "the provider received no create request")
    }
}
