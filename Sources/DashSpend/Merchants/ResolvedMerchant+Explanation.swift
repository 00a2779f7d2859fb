import DashSpendCore
import DashSpendExplore

extension ResolvedMerchant {
    /// How the merchant's top-line ``enabled`` was decided, with ``ExplainedField/provider`` nil: it is the
    /// first-ranked offer's `enabled`, so the steps are the ranked offers (each with its value, source and
    /// why it ranks where it does: discount, highest first; on a tie PiggyCards first) and the default, which
    /// is never reached while there is an offer. A merchant without offers (a Dash merchant, or every provider
    /// hidden or not compiled in) takes the merchant row's `active`, else `true`.
    public var enabledExplanation: ExplainedField {
        let render = { (value: Bool) in value ? "true" : "false" }
        var steps: [ExplainedStep] = []
        let hidden = hiddenProviders
        if let first = offers.first {
            for (rank, offer) in offers.enumerated() {
                let place = "\(offer.provider.displayName) offer, ranked \(rank + 1) of \(offers.count)"
                let reason: String
                if rank == 0 {
                    reason =
                        "used: \(Self.whyFirst(first, before: offers.dropFirst().first, hidden: hidden)); "
                        + Self.whereFrom(offer)
                } else {
                    reason = "not used: \(Self.whyBelow(offer, rank: rank, first: first))"
                }
                steps.append(
                    ExplainedStep(
                        source: offer.enabled.source, place: place, value: render(offer.enabled.value), reason: reason,
                        fetchedAt: offer.enabled.fetchedAt))
            }
            steps.append(
                ExplainedStep(source: .default, value: "true", reason: "not used: the first-ranked offer's value above wins"))
        } else {
            let why =
                merchant.paymentMethod == .dash
                ? "a Dash merchant has no gift-card offer, so the merchant row's active decides"
                : "no gift-card provider is offered\(Self.hiddenNote(hidden)), so the merchant row's active decides"
            let active = merchant.active
            steps.append(
                ExplainedStep(
                    source: .local, place: "merchant.active", value: active.map(render),
                    reason: active == nil ? "\(why); merchant.active is NULL in the explore database" : "used: \(why)"))
            steps.append(
                ExplainedStep(
                    source: .default, value: "true",
                    reason: active == nil ? "used: no source above has a value" : "not used: the local value above wins"))
        }
        let winner = steps.firstIndex { $0.reason.hasPrefix("used") } ?? steps.count - 1
        return ExplainedField(
            provider: nil, sourceId: merchant.merchantId, field: .enabled, steps: steps, winnerIndex: winner)
    }

    /// The providers hidden in ``country``, in the explore database's order.
    private var hiddenProviders: [GiftCardProvider] {
        var seen: [GiftCardProvider] = []
        for field in hiddenExplanation { if let provider = field.provider, !seen.contains(provider) { seen.append(provider) } }
        return seen
    }

    private static func hiddenNote(_ hidden: [GiftCardProvider]) -> String {
        hidden.isEmpty ? "" : " (\(hidden.map(\.displayName).joined(separator: ", ")) not offered in the country)"
    }

    /// Why `first` ranks first, against the runner-up `second`.
    private static func whyFirst(_ first: ResolvedOffer, before second: ResolvedOffer?, hidden: [GiftCardProvider])
        -> String
    {
        let name = first.provider.displayName
        guard let second else { return "\(name) is the only provider offered\(hiddenNote(hidden))" }
        let (mine, theirs) = (first.discountBasisPoints.value, second.discountBasisPoints.value)
        if mine != theirs {
            return "\(name) ranks first with the highest discount (\(mine) bp against \(theirs) bp for "
                + "\(second.provider.displayName))"
        }
        if first.provider.info.tieBreakRank != second.provider.info.tieBreakRank {
            return "\(name) ranks first: its discount ties with \(second.provider.displayName)'s (\(mine) bp) and "
                + "\(name) comes first on a tie"
        }
        return "\(name) ranks first: its discount ties (\(mine) bp) and it comes first in the explore database"
    }

    /// Why `offer` ranks below `first`.
    private static func whyBelow(_ offer: ResolvedOffer, rank: Int, first: ResolvedOffer) -> String {
        let (mine, best) = (offer.discountBasisPoints.value, first.discountBasisPoints.value)
        if mine != best {
            return "\(offer.provider.displayName) ranks \(rank + 1): its discount (\(mine) bp) is below "
                + "\(first.provider.displayName)'s (\(best) bp)"
        }
        return "\(offer.provider.displayName) ranks \(rank + 1): its discount ties (\(mine) bp) and "
            + "\(first.provider.displayName) comes first on a tie"
    }

    /// Where the first offer's `enabled` came from: its winning step's source and place, and the
    /// provider's reason when it gave one (PiggyCards: out of stock, no cards, ...).
    private static func whereFrom(_ offer: ResolvedOffer) -> String {
        let value = offer.enabled.value ? "true" : "false"
        let step = offer.explanation.first { $0.field == .enabled }?.winner
        let place = step?.place.map { " (\($0))" } ?? ""
        var text = "its enabled is \(value) from \(offer.enabled.source.rawValue)\(place)"
        if let why = OfferResolver.enabledReason(of: offer.enabled.source, offer.inputs) { text += ": \(why)" }
        return text
    }
}
