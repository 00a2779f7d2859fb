// DashSpendOrders: the orders and their file.
//
// What it is: the gift-card order as this library keeps it (`Order`, its lines and delivered cards, what a
// provider's later answer may change in it: `OrderTransition`, `CardMerge`, `CardLines`), the orders database
// `orders.db` (its schema and migrations, rows, salvage of a damaged file, the set-aside files, the lock
// around its creation: `Database/`) and `OrderStore`, the one way to read and write it. Beside them, in
// `PrivateFiles/`, the private SQLite file layer that the orders file and the state (cache) file share:
// creating a 0600 file without following links or blocking on a FIFO, moving a damaged file aside under its
// lock, and remembering which file versions passed `PRAGMA quick_check`.
//
// What it depends on: DashSpendCore (the provider's order answer, statuses, delivered cards, file helpers),
// DashSpendSQLite (connections, transactions, the migrator) and DashSpendLocking. Never on DashSpend.
//
// Who uses it: DashSpend (the orders door `OrdersFile`, `PurchaseService`, the order watch), which re-exports
// it whole so that `import DashSpend` sees `Order` and `SetAsideOrderFile` as before; DashSpendState, for the
// private file layer only. Cross-module internals are `package`; the rest stays internal.
