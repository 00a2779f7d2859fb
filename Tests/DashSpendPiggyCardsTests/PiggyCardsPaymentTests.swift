#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendPiggyCards
import Foundation
import Testing

@Suite("PiggyCards payTo and order status")
struct PiggyCardsPaymentTests {
    @Test func parsesABIP21URI() throws {
        let uri = try #require(
            PiggyCardsPaymentURI(parsing: " DASH:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?label=Piggy&amount=1.5&message=x "))
        #expect(uri.address == "XpESxaUmonkq8RaLLp46Brx2K39ggQe226")
        #expect(uri.amount == Decimal(string: "1.5")!)
    }

    @Test(arguments: [
        "", "dash:", "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=1&amount=2",
        "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=1e3", "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=-1",
        "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=1,5", "https://example.com/?amount=1",
    ])
    func rejectsWhatCannotBePaid(_ text: String) {
        #expect(PiggyCardsPaymentURI(parsing: text) == nil)
    }

    @Test(arguments: [
        ("Payment pending", OrderStatus.unpaid), ("Paid", .paid), ("Processing", .paid), (" processing ", .paid),
        ("Complete", .fulfilled), ("COMPLETE", .fulfilled), ("Completed", .fulfilled), ("Cancelled", .rejected),
        ("Canceled", .rejected), ("Failed", .rejected), ("rejected", .rejected), ("Refunded", .unknown), ("", .unknown),
    ])
    func mapsTheStatus(_ raw: String, _ expected: OrderStatus) {
        #expect(PiggyCardsOrderStatus.table.status(for: raw) == expected)
    }

    @Test func aMissingStatusIsUnknownNeverUnpaid() {
        #expect(PiggyCardsOrderStatus.table.status(for: nil) == .unknown)
    }
}
#endif
