import DashSpendCTX
import DashSpendCore
import Testing

@Suite("CTX's status words")
struct CTXOrderStatusTests {
    @Test(
        "The four words, any case and trimmed; anything else is unknown, never unpaid",
        arguments: [
            ("unpaid", OrderStatus.unpaid), ("PAID", .paid), (" Fulfilled ", .fulfilled), ("rejected", .rejected),
            ("expired", .unknown), ("refunded", .unknown), ("", .unknown), ("creating", .unknown), ("unknown", .unknown),
        ])
    func words(word: String, expected: OrderStatus) {
        #expect(CTXOrderStatus.table.status(for: word) == expected)
    }
}
