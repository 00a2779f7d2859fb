// DashSpendPrivateFiles: the SQLite files of the state directory, as files.
//
// What it is: the layer the orders file (`orders.db`) and the state file (`state.db`) share before either
// reads a row. `PrivateSQLiteFile` creates a file 0600 without following a link or blocking on a FIFO, opens
// it migrated and page-checked, or, holding the lock shared, only when it is there and up to date.
// `SQLiteFileAside` takes turns on `<file>.lock` (`openTakingTurns`): only its exclusive holder creates,
// migrates or moves a damaged file aside, so no process creates a file another is between the renames of a
// move, and no move falls inside another process's first read of the file.
// `DatabaseIntegrityStamp` remembers which file versions passed `PRAGMA quick_check`.
//
// What it depends on: DashSpendCore (file and system-error helpers), DashSpendSQLite (connections, the
// migrator) and DashSpendLocking. Never on DashSpend, DashSpendOrders or DashSpendState.
//
// Who uses it: DashSpendOrders and DashSpendState (their databases' opens), DashSpend (the state and orders
// doors, the explore file's page-check stamp). It has no public API: everything here is `package` or internal.
