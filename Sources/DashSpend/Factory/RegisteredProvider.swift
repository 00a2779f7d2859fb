import DashSpendCore

/// One compiled-in provider as the ``RepositoryFactory`` registers it: its account and catalogue, and its
/// purchasing side, typed (every provider sells cards; nothing is found by a cast). Both are one instance,
/// so a sign-in refreshed by one serves the other.
package struct RegisteredProvider: Sendable {
    /// The account and catalogue.
    package let repository: any DashSpendRepository
    /// The purchasing side.
    package let purchaser: any GiftCardPurchasing

    /// Registers `repository` with its purchasing side.
    package init(repository: any DashSpendRepository, purchaser: any GiftCardPurchasing) {
        self.repository = repository
        self.purchaser = purchaser
    }
}
