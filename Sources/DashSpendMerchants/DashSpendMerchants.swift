// DashSpendMerchants: merchants and offers.
//
// What it is: the explore database as a client reads it (`MerchantDirectory`: the installed file or the
// embedded sample, checked once per file version, with its side index of names, `Explore/`), the merchant
// service (`MerchantService`: a merchant found by id or name, each offer's values resolved live → stored →
// local → default by `OfferResolver`, ranked, searched; `ResolvedMerchant`, `ResolvedOffer`, the search page
// and rows; the explanation of every value, `Merchants/Explanation/`; what a budget buys, `Merchants/Budget/`),
// the one loader of live answers (`LiveAnswerLoader`), exchange rates live or stored (`ExchangeRates`,
// `LiveOrStored`: `Cache/`), batch lookups (`BatchLookups`, `Batch/`) and the states an app observes
// (`DataState`: `Observation/`).
//
// What it depends on: DashSpendSetup (the configuration, `DashSpendFailure`, the registered providers, the
// state and credentials doors), DashSpendCore, DashSpendExplore, DashSpendState (stored answers and rates),
// DashSpendSQLite, DashSpendPrivateFiles, DashSpendOrders (the names of kept orders' merchants) and
// DashSpendLocking. Never on DashSpend, DashSpendAccounts or purchasing.
//
// Who uses it: DashSpend (the client's merchant, search, budget, batch and exchange-rate calls, and
// `MerchantModel`, which needs the client and so stays there; purchasing quotes from its offers and rates),
// which re-exports it whole, so that `import DashSpend` sees its types as before. Cross-module internals are
// `package`; the rest stays internal.
