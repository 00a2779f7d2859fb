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
///
/// The chains are built once per field: ``resolve(_:)`` walks them for the values, and ``explain(_:)``
/// (`OfferResolver+Explanation.swift`) walks the same chains again for every source's value and why it is
/// used or not.
enum OfferResolver {
    /// Everything one offer is resolved from.
    struct Inputs: Sendable {
        let offer: ProviderRecord
        let merchant: MerchantRecord
        /// The stored answer read before the provider was asked.
        let cached: ProviderMerchantDetails?
        /// Whether the provider was asked, and its answer (already written through and read back when it
        /// could be) or why there is none.
        let liveStatus: LiveStatus
        /// Why there is a stored answer or not.
        let storedStatus: StoredStatus
        /// The service's clock when the merchant was resolved (ages are measured from it).
        let resolvedAt: Date

        /// The live answer used, if the provider answered.
        var live: ProviderMerchantDetails? {
            if case .answered(let answer) = liveStatus { return answer }
            return nil
        }
    }

    /// Whether the provider was asked under the policy, and how that went (``LiveOrStored``).
    typealias LiveStatus = LiveOrStored.Outcome<ProviderMerchantDetails, DashSpendError>

    /// Whether a stored answer was found.
    enum StoredStatus: Sendable {
        case found
        case absent
        case unreadable(String)
        case noStore
    }

    /// One field's chain: the value of each source (nil when it has none), then the default.
    struct Chain<T> {
        let live: T?
        let cached: T?
        let local: [(value: T?, place: ExplainedStep.Place)]
        let fallback: T

        /// The candidates in order, for ``Resolved/first(_:default:)``.
        func candidates(_ inputs: Inputs) -> [(value: T?, source: ValueSource, provider: GiftCardProvider?, fetchedAt: Date?)] {
            var candidates: [(value: T?, source: ValueSource, provider: GiftCardProvider?, fetchedAt: Date?)] = [
                (live, .live, inputs.live?.provider, inputs.live?.fetchedAt),
                (cached, .cached, inputs.cached?.provider, inputs.cached?.fetchedAt),
            ]
            for entry in local { candidates.append((entry.value, .local, nil, nil)) }
            return candidates
        }
    }

    static func resolve(_ inputs: Inputs) -> ResolvedOffer {
        let enabled = enabledChain(inputs)
        let discount = discountChain(inputs)
        let type = typeChain(inputs)
        let resolvedType = Resolved.first(type.candidates(inputs), default: type.fallback)
        let values = valuesChain(inputs, type: resolvedType.value)
        let liveError: DashSpendError?
        if case .failed(let error) = inputs.liveStatus { liveError = error } else { liveError = nil }
        return ResolvedOffer(
            provider: inputs.offer.provider, sourceId: inputs.offer.sourceId,
            enabled: Resolved.first(enabled.candidates(inputs), default: enabled.fallback),
            discountBasisPoints: Resolved.first(discount.candidates(inputs), default: discount.fallback),
            denominations: Resolved.first(values.candidates(inputs), default: values.fallback),
            denominationsTypeSource: resolvedType.source, liveError: liveError, inputs: inputs)
    }

    // MARK: - The chains

    static func enabledChain(_ inputs: Inputs) -> Chain<Bool> {
        Chain(
            live: inputs.live?.enabled, cached: inputs.cached?.enabled,
            local: [
                (inputs.offer.active, .column("gift_card_providers.active")),
                (inputs.merchant.active, .column("merchant.active")),
            ],
            fallback: true)
    }

    static func discountChain(_ inputs: Inputs) -> Chain<Int> {
        Chain(
            live: inputs.live?.discountBasisPoints, cached: inputs.cached?.discountBasisPoints,
            local: [
                (inputs.offer.savingsPercentage, .column("gift_card_providers.savingsPercentage")),
                (inputs.merchant.savingsPercentage, .column("merchant.savingsPercentage")),
            ],
            fallback: 0)
    }

    static func typeChain(_ inputs: Inputs) -> Chain<DenominationsType> {
        func pick(_ answer: ProviderMerchantDetails?) -> DenominationsType? {
            answer.flatMap { $0.denominationsType ?? $0.denominations?.type }
        }
        return Chain(
            live: pick(inputs.live), cached: pick(inputs.cached),
            local: [
                (inputs.offer.denominationsType, .column("gift_card_providers.denominationsType")),
                (inputs.merchant.denominationsType, .column("merchant.denominationsType")),
            ],
            fallback: .fixed)
    }

    /// Values: live or stored answers know them, and only if they match the resolved type; the wallets'
    /// explore files never do, a file with a `denominationValues` column (the built-in sample) may.
    static func valuesChain(_ inputs: Inputs, type: DenominationsType) -> Chain<Denominations> {
        func pick(_ answer: ProviderMerchantDetails?) -> Denominations? {
            answer?.denominations.flatMap { $0.type == type ? $0 : nil }
        }
        let local: [(value: Denominations?, place: ExplainedStep.Place)] =
            inputs.offer.denominationValues.map {
                [($0.type == type ? $0 : nil, .column("gift_card_providers.denominationValues"))]
            }
            ?? [(nil, .denominationValues)]
        return Chain(
            live: pick(inputs.live), cached: pick(inputs.cached), local: local,
            fallback: Denominations.fallback(for: type))
    }
}
