public import DashSpendCore

extension ExplainedStep {
    /// Why a step of the merchant's own top-line `enabled` stands where it does: for each offer, why it ranks
    /// where it does (discount, highest first; on a tie the provider's tie-break order, then the explore
    /// database's); for a merchant without offers, why the merchant row's `active` decides.
    public enum TopLine: Sendable, Hashable {
        /// The offer ranks first as the only one; `hidden` are the providers not offered in the user's
        /// country (empty when none is hidden).
        case onlyOffer(hidden: [GiftCardProvider])
        /// The offer ranks first with the highest discount, against the runner-up's.
        case highestDiscount(basisPoints: Int, runnerUp: GiftCardProvider, runnerUpBasisPoints: Int)
        /// The offer's discount ties with the runner-up's and its provider comes first on a tie
        /// (`ProviderInfo.tieBreakRank`).
        case firstOnATie(basisPoints: Int, runnerUp: GiftCardProvider)
        /// The offer's discount ties with the runner-up's, neither provider comes first on a tie, and it
        /// comes first in the explore database.
        case firstInDatabaseOrder(basisPoints: Int)
        /// The offer ranks below the first, whose discount is higher.
        case lowerDiscount(basisPoints: Int, first: GiftCardProvider, firstBasisPoints: Int)
        /// The offer's discount ties with the first's, which comes first on a tie.
        case belowOnATie(basisPoints: Int, first: GiftCardProvider)
        /// The merchant has no offer: it is paid in Dash, so the merchant row's `active` decides.
        case dashMerchant
        /// The merchant has no offer: no gift-card provider is offered (`hidden` are those not offered in the
        /// user's country), so the merchant row's `active` decides.
        case noProviderOffered(hidden: [GiftCardProvider])
    }
}
