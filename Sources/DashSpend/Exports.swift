// App code imports `DashSpend` alone: the provider vocabulary (DashSpendCore) and the explore database's
// records and search values (DashSpendExplore) come with it.
@_exported import DashSpendCore
@_exported import DashSpendExplore
