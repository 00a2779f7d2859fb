// DashSpendState: the state (cache) file.
//
// What it is: the network's state database `state.db` (`Database/`: its schema and migrations, opened under
// its lock, a damaged file moved aside and said once as `StateDatabaseRecovery`), and what is kept in it,
// everything that can be asked again: the providers' last answers per merchant (`Offers/`: the `OfferCache`
// protocol and its SQLite implementation `SQLiteOfferCache`) and their last exchange rates (`Rates/`:
// `ExchangeRateStore`, rates kept as decimal text). Never an order: the orders are precious and kept apart.
//
// What it depends on: DashSpendCore (provider answers, exchange rates), DashSpendSQLite (connections, the
// migrator) and DashSpendPrivateFiles, the SQLite file layer it shares with the orders file (0600 files,
// created and moved aside under the lock, checked file versions). Never on DashSpend or DashSpendOrders.
//
// Who uses it: DashSpend (the state door `StateFile`, the merchant service's stored answers, `ExchangeRates`,
// the 0.1.0 orders import, which reads this file's schema), which re-exports it whole so that
// `import DashSpend` sees `OfferCache` and `StateDatabaseRecovery` as before. Cross-module internals are
// `package`; the rest stays internal.
