// DashSpendOrders: the orders and their file.
//
// What it is: the gift-card order as this library keeps it (`Order`, its lines and delivered cards, what a
// provider's later answer may change in it: `OrderTransition`, `CardMerge`, `CardLines`), the orders database
// `orders.db` (its schema and migrations, rows, salvage of a damaged file, the set-aside files, the lock
// around its creation: `Database/`) and `OrderStore`, the one way to read and write it.
//
// What it depends on: DashSpendCore (the provider's order answer, statuses, delivered cards, file helpers),
// DashSpendSQLite (connections, transactions, the migrator), DashSpendPrivateFiles (opening the file under
// its lock, 0600, salvage's move aside) and DashSpendLocking. Never on DashSpend.
//
// Who uses it: DashSpend (the orders door `OrdersFile`, `PurchaseService`, the order watch), which re-exports
// it whole so that `import DashSpend` sees `Order` and `SetAsideOrderFile` as before. Cross-module internals
// are `package`; the rest stays internal.
