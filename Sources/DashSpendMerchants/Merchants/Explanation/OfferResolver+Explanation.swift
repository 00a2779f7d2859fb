import DashSpendCore
import DashSpendExplore
import DashSpendSetup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OfferResolver {
    /// Every field's chain with each source's value, its outcome, and the winner: the same chains
    /// ``resolve(_:)`` walks, so the explanation cannot disagree with the values.
    static func explain(_ inputs: Inputs) -> [ExplainedField] {
        let type = typeChain(inputs)
        let resolvedType = Resolved.first(type.candidates(inputs), default: type.fallback).value
        return [
            explained(.enabled, enabledChain(inputs), inputs, value: ExplainedStep.Value.enabled),
            explained(.discount, discountChain(inputs), inputs, value: { .discount(basisPoints: $0) }),
            explained(.denominationsType, type, inputs, value: ExplainedStep.Value.denominationsType),
            explained(
                .denominations, valuesChain(inputs, type: resolvedType), inputs,
                value: ExplainedStep.Value.denominations, type: resolvedType),
        ]
    }

    /// The explanation of a provider hidden in `country`: every source, none consulted, none used.
    static func hidden(_ offer: ProviderRecord, country: String) -> [ExplainedField] {
        ExplainedField.Field.allCases.map { field in
            ExplainedField(
                provider: offer.provider, sourceId: offer.sourceId, field: field,
                steps: ValueSource.allCases.map {
                    ExplainedStep(source: $0, value: nil, outcome: .absent(.notOfferedInCountry(country)))
                },
                winnerIndex: nil)
        }
    }

    /// What the provider said about the `enabled` of the live or stored answer, when it said something.
    static func enabledReason(of source: ValueSource, _ inputs: Inputs) -> String? {
        switch source {
        case .live: return inputs.live?.enabledReason
        case .cached: return inputs.cached?.enabledReason
        case .local, .default: return nil
        }
    }

    /// One source of a chain before its outcome is known: its value, or why it has none.
    private struct Candidate {
        let source: ValueSource
        let place: ExplainedStep.Place?
        let value: ExplainedStep.Value?
        let absence: ExplainedStep.Absence?
        let fetchedAt: Date?
    }

    private static func explained<T>(
        _ field: ExplainedField.Field, _ chain: Chain<T>, _ inputs: Inputs, value: (T) -> ExplainedStep.Value,
        type: DenominationsType? = nil
    ) -> ExplainedField {
        let provider = inputs.offer.provider
        var candidates = [
            Candidate(
                source: .live, place: .answer(provider), value: chain.live.map(value),
                absence: chain.live == nil ? liveAbsence(field, inputs, type: type) : nil,
                fetchedAt: inputs.live?.fetchedAt),
            Candidate(
                source: .cached, place: .stateDatabase, value: chain.cached.map(value),
                absence: chain.cached == nil ? storedAbsence(field, inputs, type: type) : nil,
                fetchedAt: inputs.cached?.fetchedAt),
        ]
        for entry in chain.local {
            let absence: ExplainedStep.Absence = field == .denominations ? .noDenominationValues : .nullColumn
            candidates.append(
                Candidate(
                    source: .local, place: entry.place, value: entry.value.map(value),
                    absence: entry.value == nil ? absence : nil, fetchedAt: nil))
        }
        candidates.append(
            Candidate(source: .default, place: nil, value: value(chain.fallback), absence: nil, fetchedAt: nil))
        let winner = candidates.firstIndex { $0.value != nil } ?? candidates.count - 1
        let steps = candidates.enumerated().map { index, candidate -> ExplainedStep in
            let outcome: ExplainedStep.Outcome
            if let absence = candidate.absence {
                outcome = .absent(absence)
            } else {
                outcome = index == winner ? .used : .shadowed(by: candidates[winner].source)
            }
            // Why the provider's answer says what it says (PiggyCards: no cards, out of stock, ...).
            let reason = field == .enabled && candidate.value != nil ? enabledReason(of: candidate.source, inputs) : nil
            return ExplainedStep(
                source: candidate.source, place: candidate.place, value: candidate.value, outcome: outcome,
                fetchedAt: candidate.fetchedAt, providerReason: reason)
        }
        return ExplainedField(
            provider: provider, sourceId: inputs.offer.sourceId, field: field, steps: steps, winnerIndex: winner)
    }

    /// Why the live answer has no value for `field`.
    private static func liveAbsence(_ field: ExplainedField.Field, _ inputs: Inputs, type: DenominationsType?)
        -> ExplainedStep.Absence
    {
        switch inputs.liveStatus {
        case .answered:
            return inputs.live.map { fieldAbsence(field, in: $0, type: type) } ?? .missingFromAnswer
        case .failed(.signInRequired):
            return .notSignedIn
        case .failed(let error):
            return .failed(DashSpendFailure(error, provider: inputs.offer.provider))
        case .fresh(let age, let maxAge):
            return .fresh(age: age, maxAge: maxAge)
        case .offline:
            return .offline
        }
    }

    /// Why the stored answer has no value for `field`.
    private static func storedAbsence(_ field: ExplainedField.Field, _ inputs: Inputs, type: DenominationsType?)
        -> ExplainedStep.Absence
    {
        switch inputs.storedStatus {
        case .found: return inputs.cached.map { fieldAbsence(field, in: $0, type: type) } ?? .notStored
        case .absent: return .notStored
        case .unreadable(let reason): return .unreadable(reason)
        case .noStore: return .noStateDatabase
        }
    }

    /// Why `answer` has no value for `field`: an implausible value it sent, values of another type, or
    /// nothing sent.
    private static func fieldAbsence(_ field: ExplainedField.Field, in answer: ProviderMerchantDetails, type: DenominationsType?)
        -> ExplainedStep.Absence
    {
        let finding = field == .denominationsType ? "denominations" : field.rawValue
        if let dropped = answer.implausibleFields.first(where: { $0.field == finding }) {
            return .implausible(dropped.reason)
        }
        if field == .denominations, let values = answer.denominations, let type, values.type != type {
            return .otherDenominationsType(answer: values.type, resolved: type)
        }
        return .missingFromAnswer
    }
}
