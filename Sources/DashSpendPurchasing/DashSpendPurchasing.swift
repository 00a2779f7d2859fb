// DashSpendPurchasing: buying gift cards and keeping the orders.
//
// What it is: `PurchaseService` (`Purchasing/`): a quote from a merchant's resolved offers at the provider's
// exchange rate (`PurchaseQuote`, `PurchaseAmount`, the amount, payment and provider-note checks), the order
// placed and written before the provider is asked, a payment recorded, the kept orders read and brought up to
// date (`OrderProgress`, `TransactionMatch`, `RecentOrderGuard`), polled on a schedule (`OrderPolling`); the
// watch of open orders, whose asks processes share through leases in the state database (`Watch/`:
// `OrderAskLeases`, `OrderChange`); the accounting rows of the orders (`Export/`: `OrderExportRow`) and the
// report for a provider's support (`Support/`: `OrderSupportReport`). Every amount is `Decimal`; the only
// other numbers here are seconds (`TimeInterval`).
//
// What it depends on: DashSpendSetup (the configuration, `DashSpendFailure`, the registered providers'
// purchasers, the orders, state and credentials doors), DashSpendMerchants (the offers a quote is made from,
// exchange rates), DashSpendOrders (the orders and their store), DashSpendCore, DashSpendExplore,
// DashSpendState, DashSpendSQLite, DashSpendBarcode (a delivered card's barcode) and DashSpendLocking. Never
// on DashSpend.
//
// Who uses it: DashSpend, whose client makes one `PurchaseService` and forwards its buying, order, export
// and support calls to it, and re-exports this module whole, so that `import DashSpend` sees `PurchaseQuote`,
// `OrderPolling`, `OrderChange`, `OrderExportRow` and `OrderSupportReport` as before. Cross-module internals are
// `package`; the rest stays internal.
