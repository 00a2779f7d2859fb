import DashSpend
import Testing

@testable import MerchantLookupCLI

/// The rendering of `order ID --wait`, fed answers and times directly.
@Suite("order --wait's progress: one line redrawn on a terminal, a line per status elsewhere")
struct OrderWaitViewTests {
    /// A wait seen by `view`: kept unpaid, answered unpaid, a failed ask, paid, a minute of ticks, fulfilled.
    static func follow(_ view: OrderWaitView) {
        view.start()
        view.answered(.unpaid, elapsed: 0.2)
        view.tick(elapsed: 1.0)
        view.failed("CTX failed (HTTP 503)", elapsed: 4.1)
        view.answered(.paid, elapsed: 8.3)
        view.tick(elapsed: 65.9)
        view.answered(.fulfilled, elapsed: 66.5)
        view.finish(elapsed: 66.6)
        view.tick(elapsed: 67)
    }

    @Test("On a terminal: the status and the time waited, redrawn in place; a failed ask on a line of its own")
    func redrawing() {
        let screen = ProgressScreen()
        Self.follow(OrderWaitView(style: .redrawing, orderId: "o-1", status: .unpaid, output: screen.output))
        let erase = "\u{1B}[K"
        #expect(
            screen.text
                == "\rorder o-1: unpaid, waiting 0 s\(erase)" + "\rorder o-1: unpaid, waiting 0 s\(erase)"
                + "\rorder o-1: unpaid, waiting 1 s\(erase)"
                + "\rmerchant-lookup: order o-1: CTX failed (HTTP 503)\(erase)\n" + "\rorder o-1: unpaid, waiting 4 s\(erase)"
                + "\rorder o-1: paid, waiting 8 s\(erase)" + "\rorder o-1: paid, waiting 1 min 05 s\(erase)"
                + "\rorder o-1: fulfilled, waiting 1 min 06 s\(erase)"
                + "\rorder o-1: fulfilled after 1 min 06 s\(erase)\n",
            "\(screen.text.debugDescription)")
    }

    @Test("Elsewhere: a line per status answered that differs from the one before, and per failed ask; silent: nothing")
    func linesAndSilent() {
        let screen = ProgressScreen()
        Self.follow(OrderWaitView(style: .lines, orderId: "o-1", status: .unpaid, output: screen.output))
        #expect(
            screen.text == """
                merchant-lookup: order o-1: unpaid
                merchant-lookup: order o-1: CTX failed (HTTP 503)
                merchant-lookup: order o-1: paid
                merchant-lookup: order o-1: fulfilled

                """)
        let silent = ProgressScreen()
        Self.follow(OrderWaitView(style: .silent, orderId: "o-1", status: .unpaid, output: silent.output))
        #expect(silent.text.isEmpty)
    }

    @Test("An order id with control characters is escaped; the time waited is whole seconds, rounded down")
    func escapingAndTimes() {
        let screen = ProgressScreen()
        let view = OrderWaitView(style: .redrawing, orderId: "o\u{1B}[2J", status: nil, output: screen.output)
        view.start()
        #expect(!screen.text.dropFirst().dropLast(3).contains("\u{1B}"), "\(screen.text.debugDescription)")
        #expect(screen.text.hasSuffix(": asking, waiting 0 s\u{1B}[K"))
        #expect(OrderWaitView.waited(59.99) == "59 s")
        #expect(OrderWaitView.waited(1800) == "30 min 00 s")
        #expect(OrderWaitView.waited(-1) == "0 s" && OrderWaitView.waited(.nan) == "0 s")
    }
}
