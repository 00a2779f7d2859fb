// DashSpendSetup: what every service of a client is given.
//
// What it is: the client's one configuration value (`DashSpendConfiguration`, with where the explore database
// is, where sync reads from, the providers' base URLs and the fetch policies: `Configuration/`), the one
// failure type and the one place every module's errors become it (`DashSpendFailure`, `FailureChoice`,
// `FailureConvertible` for the errors of modules above this one: `Failure/`), the repository factory and the
// providers it registers once per client (`Factory/`, with the PiggyCards registration point), the state
// directory's files, each opened at most once per client (`OrdersFile`, opened by the client's initialiser for
// writing, or only to read at the first read; `StateFile`, the cache, opened on first use through `OpenedOnce`; `CredentialsFile`;
// the legacy order import: `Stores/`), and the transport made on first use
// (`OnDemandTransport`: `Transport/`).
//
// What it depends on: DashSpendCore, DashSpendExplore, DashSpendSync (the errors it converts, the sync
// source's object), DashSpendSQLite, DashSpendPrivateFiles, DashSpendOrders and DashSpendState (the files
// behind the doors), DashSpendCTX and DashSpendPiggyCards (the factory), the platform's transport
// (DashSpendHTTP or DashSpendCurl) and DashSpendLocking. Never on DashSpend or the service modules.
//
// Who uses it: every service module (accounts, merchants, purchasing) and DashSpend, which builds a client from
// it and re-exports it whole, so that `import DashSpend` sees `DashSpendConfiguration`, `DashSpendFailure`,
// `SyncSource` and the rest as before. Cross-module internals are `package`; the rest stays internal.
