import DashSpendCore
import DashSpendExplore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fallback chains of one offer, as a pure function of its sources:
/// live → cached → local (provider row, then merchant row) → default.
///
/// A value from a higher source wins only if it is present: a live answer without denominations keeps its
/// type but the values fall through, to the stored answer first. A field a provider sent with a value that
/// cannot be real is missing too (``OfferPlausibility`` drops it where answers are read).
enum OfferResolver {
    static func resolve(
        offer: ProviderRecord, merchant: MerchantRecord, live: ProviderMerchantDetails?,
        cached: ProviderMerchantDetails?, liveError: DashSpendError?
    ) -> ResolvedOffer {
        typealias Candidate<T> = (value: T?, source: ValueSource, provider: GiftCardProvider?, fetchedAt: Date?)
        func chain<T>(_ pick: (ProviderMerchantDetails) -> T?, local: [T?]) -> [Candidate<T>] {
            var candidates: [Candidate<T>] = [
                (live.flatMap(pick), .live, live?.provider, live?.fetchedAt),
                (cached.flatMap(pick), .cached, cached?.provider, cached?.fetchedAt),
            ]
            for value in local { candidates.append((value, .local, nil, nil)) }
            return candidates
        }

        let enabled = Resolved.first(chain({ $0.enabled }, local: [offer.active, merchant.active]), default: true)
        let discount = Resolved.first(
            chain({ $0.discountBasisPoints }, local: [offer.savingsPercentage, merchant.savingsPercentage]), default: 0)
        let type = Resolved.first(
            chain(
                { $0.denominationsType ?? $0.denominations?.type },
                local: [offer.denominationsType, merchant.denominationsType]),
            default: DenominationsType.fixed)

        // Values: only live or cached answers know them, and only if they match the resolved type.
        let values = Resolved.first(
            chain({ $0.denominations?.type == type.value ? $0.denominations : nil }, local: []),
            default: Denominations.fallback(for: type.value))

        return ResolvedOffer(
            provider: offer.provider, sourceId: offer.sourceId, enabled: enabled, discountBasisPoints: discount,
            denominations: values, denominationsTypeSource: type.source, liveError: liveError)
    }
}
