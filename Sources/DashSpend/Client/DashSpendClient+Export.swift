public import DashSpendPurchasing
import DashSpendSetup

extension DashSpendClient {
    /// Every kept order of this network as accounting rows (``OrderExportRow``), one per card, oldest first:
    /// date, merchant, provider, card value, Dash and money paid, discount, rate, paying transaction and
    /// status. Reads the orders database only; never includes a card's number, PIN, challenge or links.
    ///
    /// - Throws: ``DashSpendFailure``, as ``orders()``.
    public func orderExport() throws -> [OrderExportRow] {
        try orders().reversed().flatMap(OrderExportRow.rows(of:))
    }
}
