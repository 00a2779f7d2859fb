import DashSpendCore
import DashSpendOrders
package import DashSpendSetup

extension PurchaseService {
    /// One order a watch follows: the order as last seen, its wait and when it is asked next.
    private struct Followed {
        var order: Order
        var interval: Double
        var due: MonotonicClock.Instant
        var failing = false
    }

    /// The changes of every open order; see ``DashSpendClient/watchOrders(polling:)``.
    package func watchOrders(polling: OrderPolling) throws(DashSpendFailure) -> AsyncStream<OrderChange> {
        let open = try orders().filter(\.isOpen)
        return AsyncStream { continuation in
            let task = Task {
                await watch(open, polling: polling) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Asks each order of `initial` (and each order found open later) in its turn until none is left open,
    /// handing every change to `yield`.
    private func watch(_ initial: [Order], polling: OrderPolling, yield: (OrderChange) -> Void) async {
        let clock = MonotonicClock()
        let leases = OrderAskLeases(stateFile: stateFile, diagnostics: configuration.diagnostics)
        var followed = initial.reversed().map { Followed(order: $0, interval: polling.initial, due: clock.now) }
        var first = true
        while !Task.isCancelled {
            // Orders placed meanwhile are looked for again at the next round; those already followed are still asked.
            if !first, let kept = try? orders() {
                // Placed meanwhile, here or by another process: followed from now on, oldest first.
                for order in kept.reversed() where order.isOpen && !followed.contains(where: { $0.order.id == order.id }) {
                    followed.append(Followed(order: order, interval: polling.initial, due: clock.now))
                }
            }
            first = false
            guard !followed.isEmpty else { break }
            for index in followed.indices where followed[index].due <= clock.now {
                if Task.isCancelled { return }
                // Another watch (here or in another process) that asks about this order now: its answers are
                // read where they are kept, and the provider is not asked twice.
                let asking = leases.take(
                    followed[index].order.id, now: configuration.now(), seconds: followed[index].interval)
                let changed =
                    asking ? await ask(&followed[index], yield: yield) : observe(&followed[index], yield: yield)
                // The first wait after a change is the initial one; each ask without one doubles it.
                if changed { followed[index].interval = polling.initial }
                followed[index].due = clock.now.advanced(bySeconds: followed[index].interval)
                followed[index].interval = polling.next(after: followed[index].interval)
            }
            followed.removeAll { !$0.order.isOpen }
            guard let next = followed.map(\.due).min() else { break }
            let now = clock.now
            if next > now {
                do {
                    try await Task.sleep(seconds: (next - now).seconds)
                } catch {
                    break
                }
            }
        }
    }

    /// Reads `entry`'s order as kept (another watch asks the provider about it) and yields what changed; true
    /// when something did. A kept order that cannot be read is left as last seen until the next turn.
    private func observe(_ entry: inout Followed, yield: (OrderChange) -> Void) -> Bool {
        let before = entry.order
        guard let after = try? storedOrder(id: before.id) else { return false }  // asked again next turn
        entry.order = after
        let arrived = max(0, after.cards.count - before.cards.count)
        guard after.status != before.status || arrived > 0 else { return false }
        yield(OrderChange(order: after, previousStatus: before.status, arrivedCards: arrived, date: configuration.now()))
        return true
    }

    /// Asks the provider about `entry`'s order once and yields what changed; true when something did.
    private func ask(_ entry: inout Followed, yield: (OrderChange) -> Void) async -> Bool {
        let before = entry.order
        do {
            let after = try await order(id: before.id)
            entry.failing = false
            entry.order = after
            let arrived = max(0, after.cards.count - before.cards.count)
            if after.status != before.status || arrived > 0 {
                yield(
                    OrderChange(
                        order: after, previousStatus: before.status, arrivedCards: arrived, date: configuration.now()))
                return true
            }
            return false
        } catch {
            // The order as kept (a provider that no longer knows it makes it unknown), said once per streak.
            let kept = (try? storedOrder(id: before.id)) ?? before
            entry.order = kept
            if !entry.failing || kept.status != before.status {
                yield(
                    OrderChange(
                        order: kept, previousStatus: before.status, failure: error,
                        date: configuration.now()))
            }
            entry.failing = true
            return kept.status != before.status
        }
    }
}
