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
/// The chains are built once (``chains(_:)``): ``resolve(_:)`` walks them for the values, and
/// ``explain(_:)`` walks the same chains again for every source's value and the reason it has it or not.
enum OfferResolver {
    /// Everything one offer is resolved from.
    struct Inputs: Sendable {
        let offer: ProviderRecord
        let merchant: MerchantRecord
        /// The live answer used (already written through and read back when it could be).
        let live: ProviderMerchantDetails?
        /// The stored answer read before the provider was asked.
        let cached: ProviderMerchantDetails?
        /// Why there is a live answer or not.
        let liveStatus: LiveStatus
        /// Why there is a stored answer or not.
        let storedStatus: StoredStatus
        /// The service's clock when the merchant was resolved (ages are measured from it).
        let resolvedAt: Date
    }

    /// Whether the provider was asked, and how that went.
    enum LiveStatus: Sendable {
        /// It answered during this lookup.
        case answered
        /// It was asked (or could not be: not signed in) and has no answer.
        case failed(DashSpendError)
        /// Not asked: the stored answer is younger than the policy's max age.
        case fresh(age: Double, maxAge: Double)
        /// Not asked: the lookup does not use the network.
        case offline
    }

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
        let local: [(value: T?, place: String)]
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
                (inputs.offer.active, "gift_card_providers.active"), (inputs.merchant.active, "merchant.active"),
            ],
            fallback: true)
    }

    static func discountChain(_ inputs: Inputs) -> Chain<Int> {
        Chain(
            live: inputs.live?.discountBasisPoints, cached: inputs.cached?.discountBasisPoints,
            local: [
                (inputs.offer.savingsPercentage, "gift_card_providers.savingsPercentage"),
                (inputs.merchant.savingsPercentage, "merchant.savingsPercentage"),
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
                (inputs.offer.denominationsType, "gift_card_providers.denominationsType"),
                (inputs.merchant.denominationsType, "merchant.denominationsType"),
            ],
            fallback: .fixed)
    }

    /// Values: only live or stored answers know them, and only if they match the resolved type.
    static func valuesChain(_ inputs: Inputs, type: DenominationsType) -> Chain<Denominations> {
        func pick(_ answer: ProviderMerchantDetails?) -> Denominations? {
            answer?.denominations.flatMap { $0.type == type ? $0 : nil }
        }
        return Chain(
            live: pick(inputs.live), cached: pick(inputs.cached), local: [(nil, "denomination values")],
            fallback: Denominations.fallback(for: type))
    }

    // MARK: - Explaining

    /// Every field's chain with each source's value and why, and the winner.
    static func explain(_ inputs: Inputs) -> [ExplainedField] {
        let type = typeChain(inputs)
        let resolvedType = Resolved.first(type.candidates(inputs), default: type.fallback).value
        return [
            explained(.enabled, enabledChain(inputs), inputs, render: { $0 ? "true" : "false" }),
            explained(.discount, discountChain(inputs), inputs, render: { "\($0)" }),
            explained(.denominationsType, type, inputs, render: \.rawValue),
            explained(.denominations, valuesChain(inputs, type: resolvedType), inputs, render: render, type: resolvedType),
        ]
    }

    /// The explanation of a provider hidden in `country`: every source, none used.
    static func hidden(_ offer: ProviderRecord, country: String) -> [ExplainedField] {
        let reason = "\(offer.provider.displayName) is not offered in \(country) (blocked in the country)"
        return ExplainedField.Field.allCases.map { field in
            ExplainedField(
                provider: offer.provider, sourceId: offer.sourceId, field: field,
                steps: ValueSource.allCases.map { ExplainedStep(source: $0, value: nil, reason: reason) },
                winnerIndex: nil)
        }
    }

    private static func explained<T>(
        _ field: ExplainedField.Field, _ chain: Chain<T>, _ inputs: Inputs, render: (T) -> String,
        type: DenominationsType? = nil
    ) -> ExplainedField {
        let provider = inputs.offer.provider.displayName
        var steps: [ExplainedStep] = []
        steps.append(
            ExplainedStep(
                source: .live, place: "\(provider)'s answer", value: chain.live.map(render),
                reason: chain.live == nil ? liveAbsence(field, inputs, type: type) : "",
                fetchedAt: inputs.live?.fetchedAt))
        steps.append(
            ExplainedStep(
                source: .cached, place: "state database", value: chain.cached.map(render),
                reason: chain.cached == nil ? storedAbsence(field, inputs, type: type) : "",
                fetchedAt: inputs.cached?.fetchedAt))
        for entry in chain.local {
            let absence =
                field == .denominations
                ? "the explore database has no denomination values" : "\(entry.place) is NULL in the explore database"
            steps.append(
                ExplainedStep(
                    source: .local, place: entry.place, value: entry.value.map(render),
                    reason: entry.value == nil ? absence : ""))
        }
        steps.append(ExplainedStep(source: .default, value: render(chain.fallback), reason: ""))
        let winner = steps.firstIndex { $0.value != nil } ?? steps.count - 1
        let winnerName = steps[winner].source.rawValue
        let filled = steps.enumerated().map { index, step -> ExplainedStep in
            guard step.value != nil else { return step }
            var reason: String
            if index == winner {
                reason = step.source == .default ? "used: no source above has a value" : "used"
            } else {
                reason = "not used: the \(winnerName) value above wins"
            }
            // Why the provider's answer says what it says (PiggyCards: no cards, out of stock, ...).
            if field == .enabled, let why = enabledReason(of: step.source, inputs) { reason += ": \(why)" }
            return ExplainedStep(
                source: step.source, place: step.place, value: step.value, reason: reason, fetchedAt: step.fetchedAt)
        }
        return ExplainedField(
            provider: inputs.offer.provider, sourceId: inputs.offer.sourceId, field: field, steps: filled,
            winnerIndex: winner)
    }

    /// Why the live or stored answer's `enabled` is what it is, when the provider said (nil otherwise).
    static func enabledReason(of source: ValueSource, _ inputs: Inputs) -> String? {
        switch source {
        case .live: return inputs.live?.enabledReason
        case .cached: return inputs.cached?.enabledReason
        case .local, .default: return nil
        }
    }

    /// Why the live answer has no value for `field`.
    private static func liveAbsence(_ field: ExplainedField.Field, _ inputs: Inputs, type: DenominationsType?) -> String {
        let provider = inputs.offer.provider.displayName
        switch inputs.liveStatus {
        case .answered:
            return inputs.live.map { fieldAbsence(field, in: $0, type: type) } ?? "no answer"
        case .failed(.signInRequired):
            return "not signed in to \(provider): not asked"
        case .failed(let error):
            return "\(provider) could not answer: \(error.description)"
        case .fresh(let age, let maxAge):
            return "not asked: the stored answer is \(seconds(age)) old, fresh enough (max age \(seconds(maxAge)))"
        case .offline:
            return "not asked: offline"
        }
    }

    /// Why the stored answer has no value for `field`.
    private static func storedAbsence(_ field: ExplainedField.Field, _ inputs: Inputs, type: DenominationsType?) -> String {
        switch inputs.storedStatus {
        case .found:
            return inputs.cached.map { fieldAbsence(field, in: $0, type: type) } ?? "not in the state database"
        case .absent:
            return "not in the state database"
        case .unreadable(let reason):
            return "the stored answer could not be read: \(reason)"
        case .noStore:
            return "no state database"
        }
    }

    /// Why `answer` has no value for `field`: an implausible value it sent, or nothing sent.
    private static func fieldAbsence(_ field: ExplainedField.Field, in answer: ProviderMerchantDetails, type: DenominationsType?)
        -> String
    {
        let finding = field == .denominationsType ? "denominations" : field.rawValue
        if let dropped = answer.implausibleFields.first(where: { $0.field == finding }) {
            return "implausible value dropped: \(dropped.reason)"
        }
        if field == .denominations, let values = answer.denominations, let type, values.type != type {
            return "the answer's values are \(values.type.rawValue), not the resolved \(type.rawValue)"
        }
        return "field missing from the answer"
    }

    /// `12 s`, `5 min`, `3 h`.
    static func seconds(_ value: Double) -> String {
        let whole = Int(value.rounded(.down))
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\(whole / 60) min" }
        return "\(whole / 3600) h"
    }

    private static func render(_ denominations: Denominations) -> String {
        switch denominations.type {
        case .fixed:
            return denominations.values.isEmpty ? "none" : denominations.values.map(\.description).joined(separator: ", ")
        case .flexible:
            return "\(denominations.minimum?.description ?? "?")...\(denominations.maximum?.description ?? "?")"
        }
    }
}
