package import DashSpendCore

/// One compiled-in provider as the ``RepositoryFactory`` registers it: its account and catalogue, and its
/// purchasing side and, when it publishes one, its exchange rate, all typed (nothing is found by a cast).
/// They are one instance, so a sign-in refreshed by one serves the others.
package struct RegisteredProvider: Sendable {
    /// The account and catalogue.
    package let repository: any DashSpendRepository
    /// The purchasing side.
    package let purchaser: any GiftCardPurchasing
    /// Where its Dash exchange rate is asked; nil for a provider that publishes none.
    package let rates: (any ExchangeRateProviding)?

    /// Registers `repository` with its purchasing side and, when it publishes one, its exchange rate.
    package init(
        repository: any DashSpendRepository, purchaser: any GiftCardPurchasing,
        rates: (any ExchangeRateProviding)? = nil
    ) {
        self.repository = repository
        self.purchaser = purchaser
        self.rates = rates
    }
}
