// DashSpendExploreSync: installing the explore database, as a client runs it.
//
// What it is: `ExploreSync`, the service behind `DashSpendClient`'s `sync` and `checkForUpdate`: from a file,
// the wallets' storage bucket or a URL (`SyncSource`), asked for its metadata first and downloaded only when
// newer, then imported and installed by `DashSpendSync`; its progress relayed once (`SyncProgressRelay`) and
// its outcome said as a `SyncReport` or `SyncUpdateCheck`; and where the installed database came from
// (`DatabaseProvenance`).
//
// What it depends on: DashSpendSync (the download, the ZIP's checks, the import and the rename into place),
// DashSpendSetup (the configuration, `SyncSource`, `DashSpendFailure`), DashSpendCore, DashSpendExplore and
// DashSpendLocking. Never on DashSpend or the other services.
//
// Who uses it: DashSpend, whose client makes one `ExploreSync` with its transports, and re-exports this module
// whole, so that `import DashSpend` sees `SyncReport`, `SyncUpdateCheck` and `DatabaseProvenance` as before.
// Cross-module internals are `package`; the rest stays internal.
