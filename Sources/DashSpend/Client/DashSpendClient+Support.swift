public import DashSpendOrders
public import DashSpendPurchasing
import DashSpendSetup

extension DashSpendClient {
    /// The report to send to the provider's support about `order` (``OrderSupportReport``): who to write
    /// to, a subject, the merchant, the provider, both order ids, the amounts, the paying transaction and every
    /// dated status kept. Built from `order` as given (pass one from ``order(id:)`` to include the provider's
    /// latest word); never includes a card's number, PIN, challenge or links.
    public func supportReport(for order: Order) -> OrderSupportReport {
        OrderSupportReport(
            order: order, network: configuration.network, steps: purchases.statusHistory(of: order.id),
            libraryVersion: DashSpendRelease.version)
    }

    /// The support report of the kept order `id` (the local id, or the provider's order id), asking nobody.
    ///
    /// - Throws: ``DashSpendFailure``, as ``storedOrder(id:)``.
    public func supportReport(orderId id: String) throws -> OrderSupportReport {
        supportReport(for: try storedOrder(id: id))
    }
}
