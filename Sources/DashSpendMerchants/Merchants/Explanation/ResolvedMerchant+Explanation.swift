import DashSpendCore
import DashSpendExplore

extension ResolvedMerchant {
    /// How the merchant's top-line ``enabled`` was decided, with ``ExplainedField/provider`` nil: it is the
    /// first-ranked offer's `enabled`, so the steps are the ranked offers (each with its value, source and
    /// why it ranks where it does, ``ExplainedStep/topLine``: discount, highest first; on a tie PiggyCards
    /// first) and the default, which is never reached while there is an offer. A merchant without offers (a
    /// Dash merchant, or every provider hidden or not compiled in) takes the merchant row's `active`, else
    /// `true`.
    public var enabledExplanation: ExplainedField {
        var steps: [ExplainedStep] = []
        let winner: Int
        if let first = offers.first {
            let hidden = hiddenProviders
            for (rank, offer) in offers.enumerated() {
                let topLine =
                    rank == 0
                    ? Self.whyFirst(first, before: offers.dropFirst().first, hidden: hidden)
                    : Self.whyBelow(offer, first: first)
                steps.append(
                    ExplainedStep(
                        source: offer.enabled.source, place: .offer(offer.provider, rank: rank + 1, count: offers.count),
                        value: .enabled(offer.enabled.value),
                        outcome: rank == 0 ? .used : .shadowed(by: first.enabled.source),
                        fetchedAt: offer.enabled.fetchedAt,
                        providerReason: OfferResolver.enabledReason(of: offer.enabled.source, offer.inputs),
                        topLine: topLine))
            }
            steps.append(ExplainedStep(source: .default, value: .enabled(true), outcome: .shadowed(by: first.enabled.source)))
            winner = 0
        } else {
            let why: ExplainedStep.TopLine =
                merchant.paymentMethod == .dash ? .dashMerchant : .noProviderOffered(hidden: hiddenProviders)
            let active = merchant.active
            steps.append(
                ExplainedStep(
                    source: .local, place: .column("merchant.active"), value: active.map(ExplainedStep.Value.enabled),
                    outcome: active == nil ? .absent(.nullColumn) : .used, topLine: why))
            steps.append(
                ExplainedStep(source: .default, value: .enabled(true), outcome: active == nil ? .used : .shadowed(by: .local)))
            winner = active == nil ? 1 : 0
        }
        return ExplainedField(
            provider: nil, sourceId: merchant.merchantId, field: .enabled, steps: steps, winnerIndex: winner)
    }

    /// The providers hidden in ``country``, in the explore database's order.
    private var hiddenProviders: [GiftCardProvider] {
        var seen: [GiftCardProvider] = []
        for field in hiddenExplanation { if let provider = field.provider, !seen.contains(provider) { seen.append(provider) } }
        return seen
    }

    /// Why `first` ranks first, against the runner-up `second`.
    private static func whyFirst(_ first: ResolvedOffer, before second: ResolvedOffer?, hidden: [GiftCardProvider])
        -> ExplainedStep.TopLine
    {
        guard let second else { return .onlyOffer(hidden: hidden) }
        let (mine, theirs) = (first.discountBasisPoints.value, second.discountBasisPoints.value)
        if mine != theirs {
            return .highestDiscount(basisPoints: mine, runnerUp: second.provider, runnerUpBasisPoints: theirs)
        }
        if first.provider.info.tieBreakRank != second.provider.info.tieBreakRank {
            return .firstOnATie(basisPoints: mine, runnerUp: second.provider)
        }
        return .firstInDatabaseOrder(basisPoints: mine)
    }

    /// Why `offer` ranks below `first`.
    private static func whyBelow(_ offer: ResolvedOffer, first: ResolvedOffer) -> ExplainedStep.TopLine {
        let (mine, best) = (offer.discountBasisPoints.value, first.discountBasisPoints.value)
        if mine != best { return .lowerDiscount(basisPoints: mine, first: first.provider, firstBasisPoints: best) }
        return .belowOnATie(basisPoints: mine, first: first.provider)
    }
}
