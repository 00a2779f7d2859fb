public import DashSpendPurchasing
import DashSpendSetup

extension DashSpendClient {
    /// Follows every open order (``Order/isOpen``: unpaid, paid, unknown with a provider id, fulfilled with
    /// cards still to come) at once, and yields each change: a status that moved, cards that arrived, a
    /// failure to ask (once per run of failures in a row of that order).
    ///
    /// Each open order is asked once right away, then once per interval of its own, `polling`'s (2 s
    /// doubling to 30 s by default): the interval doubles while nothing changes and starts again from
    /// ``OrderPolling/initial`` after a change. Orders are asked one at a time, as ``order(id:)`` asks (the
    /// answer kept in the orders database through `OrderTransition`). Orders placed while the watch runs (by
    /// this client or another process) are followed from the next round on. Watches of one state directory
    /// (in this process or others) share their asks: the one asking about an order holds a lease on it in the
    /// state database until its next turn, and the others read its answers from the orders database rather than
    /// ask the provider again; a lease whose watch stopped expires (a state database that cannot be used only
    /// loses the sharing, said once to the diagnostics). The sequence finishes when no
    /// order is left open (at once when none is), or when the consuming task is cancelled; a time limit is
    /// the caller's.
    ///
    /// - Throws: ``DashSpendFailure`` when the orders database cannot be read at the start.
    public func watchOrders(polling: OrderPolling = .standard) throws -> AsyncStream<OrderChange> {
        try purchases.watchOrders(polling: polling)
    }
}
