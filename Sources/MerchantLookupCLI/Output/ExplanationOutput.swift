import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `show --explain` words a merchant's explanation (``ResolvedMerchant/explanation``): the library gives
/// every step as typed values (its value, place and ``ExplainedStep/Outcome``), and the English is written
/// here only. In JSON each step keeps the prose `reason` and adds the machine-readable `outcome`.
enum ExplanationOutput {
    // MARK: - Text

    /// `    CTX enabled: false from live` then one line per source, the winner marked `→`.
    static func lines(_ field: ExplainedField, in explanation: [ExplainedField], of merchant: ResolvedMerchant)
        -> [String]
    {
        let verdict = field.winner.map { "\(text($0.value)) from \($0.source.rawValue)" } ?? "not offered"
        var lines = ["    \(subject(field)) \(field.field.rawValue): \(verdict)"]
        for (index, step) in field.steps.enumerated() {
            let marker = index == field.winnerIndex ? "→" : " "
            let place = step.place.map { " (\(text($0)))" } ?? ""
            let fetched = step.fetchedAt.map { ", fetched \(OutputFormat.age(merchant.age(of: $0))) ago" } ?? ""
            lines.append(
                "      \(marker) \(step.source.rawValue)\(place): \(text(step.value)) — "
                    + "\(reason(step, of: field, in: explanation))\(fetched)")
        }
        return lines
    }

    // MARK: - JSON

    /// One field's explanation: `{"provider","sourceId","field","steps":[{"source","place","value","reason",
    /// "outcome"}],"winner"}`, with `fetchedAt` and `ageSeconds` on live and stored steps.
    static func json(_ field: ExplainedField, in explanation: [ExplainedField], of merchant: ResolvedMerchant)
        -> JSONDocument
    {
        let steps = field.steps.map { step -> JSONDocument in
            var members: [(String, JSONDocument)] = [
                ("source", .string(step.source.rawValue)),
                ("place", step.place.map { .string(text($0)) } ?? .null),
                ("value", step.value.map { .string(text($0)) } ?? .null),
                ("reason", .string(reason(step, of: field, in: explanation))),
                ("outcome", outcome(step.outcome)),
            ]
            if let fetchedAt = step.fetchedAt {
                members.append(("fetchedAt", .string(UTCTimestamp.extended(fetchedAt))))
                members.append(("ageSeconds", .integer(Int(merchant.age(of: fetchedAt).rounded(.down)))))
            }
            return .object(members)
        }
        return .object([
            ("provider", .string(subject(field))),
            ("sourceId", .string(field.sourceId)),
            ("field", .string(field.field.rawValue)),
            ("steps", .array(steps)),
            ("winner", field.winner.map { .string($0.source.rawValue) } ?? .null),
        ])
    }

    /// The outcome for a program: `{"kind":"used"}`, `{"kind":"shadowed","by":"live"}`, or
    /// `{"kind":"absent","absence":"fresh","ageSeconds":12,"maxAgeSeconds":30}` with the absence's details.
    static func outcome(_ outcome: ExplainedStep.Outcome) -> JSONDocument {
        switch outcome {
        case .used:
            return .object([("kind", .string("used"))])
        case .shadowed(let source):
            return .object([("kind", .string("shadowed")), ("by", .string(source.rawValue))])
        case .absent(let absence):
            return .object([("kind", .string("absent"))] + members(absence))
        }
    }

    /// `"absence"` and the details of one.
    private static func members(_ absence: ExplainedStep.Absence) -> [(String, JSONDocument)] {
        switch absence {
        case .notSignedIn: return [("absence", .string("notSignedIn"))]
        case .failed(let failure):
            return [
                ("absence", .string("failed")),
                ("failure", .object([("kind", .string(failure.kind.rawValue)), ("message", .string(failure.message))])),
            ]
        case .fresh(let age, let maxAge):
            return [
                ("absence", .string("fresh")), ("ageSeconds", .integer(Int(age.rounded(.down)))),
                ("maxAgeSeconds", .double(maxAge)),
            ]
        case .offline: return [("absence", .string("offline"))]
        case .notStored: return [("absence", .string("notStored"))]
        case .unreadable(let detail): return [("absence", .string("unreadable")), ("detail", .string(detail))]
        case .noStateDatabase: return [("absence", .string("noStateDatabase"))]
        case .missingFromAnswer: return [("absence", .string("missingFromAnswer"))]
        case .implausible(let detail): return [("absence", .string("implausible")), ("detail", .string(detail))]
        case .otherDenominationsType(let answer, let resolved):
            return [
                ("absence", .string("otherDenominationsType")), ("answer", .string(answer.rawValue)),
                ("resolved", .string(resolved.rawValue)),
            ]
        case .nullColumn: return [("absence", .string("nullColumn"))]
        case .noDenominationValues: return [("absence", .string("noDenominationValues"))]
        case .notOfferedInCountry(let country):
            return [("absence", .string("notOfferedInCountry")), ("country", .string(country))]
        }
    }

    // MARK: - Words

    /// Whose field this is: the provider's display name, or `merchant` for the merchant's own top line.
    static func subject(_ field: ExplainedField) -> String { field.provider?.displayName ?? "merchant" }

    /// `false`, `300`, `fixed`, `10, 25, 50`, `5...500`; `none` when the source has no value.
    static func text(_ value: ExplainedStep.Value?) -> String {
        switch value {
        case nil: return "none"
        case .enabled(let enabled): return enabled ? "true" : "false"
        case .discount(let basisPoints): return "\(basisPoints)"
        case .denominationsType(let type): return type.rawValue
        case .denominations(let denominations):
            switch denominations.type {
            case .fixed:
                return denominations.values.isEmpty ? "none" : denominations.values.map(\.description).joined(separator: ", ")
            case .flexible:
                return "\(denominations.minimum?.description ?? "?")...\(denominations.maximum?.description ?? "?")"
            }
        }
    }

    /// `CTX's answer`, `state database`, `gift_card_providers.active`, `CTX offer, ranked 1 of 2`.
    static func text(_ place: ExplainedStep.Place) -> String {
        switch place {
        case .answer(let provider): return "\(provider.displayName)'s answer"
        case .stateDatabase: return "state database"
        case .column(let column): return column
        case .denominationValues: return "denomination values"
        case .offer(let provider, let rank, let count): return "\(provider.displayName) offer, ranked \(rank) of \(count)"
        }
    }

    /// Why `step` has its value or none: `used`, `not used: the live value above wins`, `not signed in to
    /// CTX: not asked`, ... For the merchant's top line: why the offer ranks where it does.
    static func reason(_ step: ExplainedStep, of field: ExplainedField, in explanation: [ExplainedField]) -> String {
        let note = step.providerReason.map { ": \($0)" } ?? ""
        switch step.outcome {
        case .used:
            if let topLine = step.topLine {
                guard case .offer(let provider, _, _) = step.place else { return "used: \(text(topLine, step))" }
                return "used: \(text(topLine, step)); " + origin(of: step, provider: provider, in: explanation)
            }
            return step.source == .default ? "used: no source above has a value" : "used\(note)"
        case .shadowed(let source):
            if let topLine = step.topLine { return "not used: \(text(topLine, step))" }
            if field.provider == nil, case .offer = field.winner?.place {
                return "not used: the first-ranked offer's value above wins"
            }
            return "not used: the \(source.rawValue) value above wins\(note)"
        case .absent(let absence):
            let why = text(absence, step, of: field)
            guard let topLine = step.topLine else { return why }
            return "\(text(topLine, step)); \(why)"
        }
    }

    /// Where the first-ranked offer's `enabled` came from: `its enabled is false from live (CTX's answer)`,
    /// with the provider's reason when it gave one.
    private static func origin(of step: ExplainedStep, provider: GiftCardProvider, in explanation: [ExplainedField])
        -> String
    {
        let winner = explanation.first { $0.provider == provider && $0.field == .enabled }?.winner
        let place = winner?.place.map { " (\(text($0)))" } ?? ""
        let note = step.providerReason.map { ": \($0)" } ?? ""
        return "its enabled is \(text(step.value)) from \(step.source.rawValue)\(place)\(note)"
    }

    /// Why a step has no value.
    private static func text(_ absence: ExplainedStep.Absence, _ step: ExplainedStep, of field: ExplainedField)
        -> String
    {
        let provider = field.provider?.displayName ?? "the provider"
        switch absence {
        case .notSignedIn: return "not signed in to \(provider): not asked"
        case .failed(let failure): return "\(provider) could not answer: \(failure.message)"
        case .fresh(let age, let maxAge):
            return "not asked: the stored answer is \(OutputFormat.age(age)) old, fresh enough (max age "
                + "\(OutputFormat.age(maxAge)))"
        case .offline: return "not asked: offline"
        case .notStored: return "not in the state database"
        case .unreadable(let detail): return "the stored answer could not be read: \(detail)"
        case .noStateDatabase: return "no state database"
        case .missingFromAnswer: return "field missing from the answer"
        case .implausible(let detail): return "implausible value dropped: \(detail)"
        case .otherDenominationsType(let answer, let resolved):
            return "the answer's values are \(answer.rawValue), not the resolved \(resolved.rawValue)"
        case .nullColumn: return "\(step.place.map(text) ?? "the column") is NULL in the explore database"
        case .noDenominationValues: return "the explore database has no denomination values"
        case .notOfferedInCountry(let country):
            return "\(provider) is not offered in \(country) (blocked in the country)"
        }
    }

    /// Why an offer ranks where it does, or why the merchant row decides.
    private static func text(_ topLine: ExplainedStep.TopLine, _ step: ExplainedStep) -> String {
        var name = "the offer"
        var rank = 0
        if case .offer(let provider, let position, _) = step.place { (name, rank) = (provider.displayName, position) }
        switch topLine {
        case .onlyOffer(let hidden):
            return "\(name) is the only provider offered\(hiddenNote(hidden))"
        case .highestDiscount(let mine, let runnerUp, let theirs):
            return "\(name) ranks first with the highest discount (\(mine) bp against \(theirs) bp for "
                + "\(runnerUp.displayName))"
        case .firstOnATie(let mine, let runnerUp):
            return "\(name) ranks first: its discount ties with \(runnerUp.displayName)'s (\(mine) bp) and \(name) "
                + "comes first on a tie"
        case .firstInDatabaseOrder(let mine):
            return "\(name) ranks first: its discount ties (\(mine) bp) and it comes first in the explore database"
        case .lowerDiscount(let mine, let first, let best):
            return "\(name) ranks \(rank): its discount (\(mine) bp) is below \(first.displayName)'s (\(best) bp)"
        case .belowOnATie(let mine, let first):
            return "\(name) ranks \(rank): its discount ties (\(mine) bp) and \(first.displayName) comes first on a tie"
        case .dashMerchant:
            return "a Dash merchant has no gift-card offer, so the merchant row's active decides"
        case .noProviderOffered(let hidden):
            return "no gift-card provider is offered\(hiddenNote(hidden)), so the merchant row's active decides"
        }
    }

    /// ` (PiggyCards not offered in the country)`, or nothing when no provider is hidden.
    private static func hiddenNote(_ hidden: [GiftCardProvider]) -> String {
        hidden.isEmpty ? "" : " (\(hidden.map(\.displayName).joined(separator: ", ")) not offered in the country)"
    }
}
