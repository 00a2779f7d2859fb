// DashSpendAccounts: signing in to the providers.
//
// What it is: `Accounts`, the service behind `DashSpendClient`'s `login`, `verify`, `signInStatus` and
// `logout`: it asks the provider's repository to send a code, checks the code, reports who is signed in
// where (`SignInStatus`, with the access token's expiry read by `AccessTokenExpiry`) and signs out
// (`SignOutOutcome`), always through the credentials' door, so that a damaged credentials file fails instead
// of passing for "not signed in".
//
// What it depends on: DashSpendSetup (the configuration, the registered providers, the credentials' door,
// `DashSpendFailure`) and DashSpendCore (providers, credentials). Never on DashSpend or the other services.
//
// Who uses it: DashSpend, whose client makes one `Accounts` and re-exports this module whole, so that
// `import DashSpend` sees `SignInStatus` and `SignOutOutcome` as before. Cross-module internals are `package`;
// the rest stays internal.
