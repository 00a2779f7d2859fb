import DashSpend
import Foundation
import Testing

@testable import MerchantLookupCLI

/// `show --explain` words the library's typed explanation: each outcome, absence and top-line reason has its
/// sentence, and JSON adds the machine-readable outcome. The steps are built by hand, one per case; what the
/// library puts in them for a real lookup is `DashSpendTests/ExplainTests`.
@Suite("The explanation's words: every outcome and absence has its sentence, JSON has the outcome")
struct ExplanationOutputTests {
    typealias Step = ExplainedStep

    /// A CTX enabled field of `steps`, the first used step the winner.
    func field(_ steps: [Step], provider: GiftCardProvider? = .ctx) -> ExplainedField {
        ExplainedField(
            provider: provider, sourceId: "id", field: .enabled, steps: steps, winnerIndex: steps.firstIndex(where: \.isUsed))
    }

    /// The sentence of the live step whose absence is `absence`.
    func liveReason(_ absence: Step.Absence, place: Step.Place? = .answer(.ctx)) -> String {
        let step = Step(source: .live, place: place, value: nil, outcome: .absent(absence))
        let explained = field([step])
        return ExplanationOutput.reason(step, of: explained, in: [explained])
    }

    @Test("Each absence has its sentence, naming the provider where it matters")
    func absences() {
        let failure = DashSpendFailure(.unavailable, "the provider failed (HTTP 500): boom", provider: .ctx)
        let cases: [(Step.Absence, String)] = [
            (.notSignedIn, "not signed in to CTX: not asked"),
            (.failed(failure), "CTX could not answer: the provider failed (HTTP 500): boom"),
            (.fresh(age: 12.7, maxAge: 30), "not asked: the stored answer is 12 s old, fresh enough (max age 30 s)"),
            (.fresh(age: 200_000, maxAge: 500_000), "not asked: the stored answer is 2 d old, fresh enough (max age 5 d)"),
            (.offline, "not asked: offline"),
            (.notStored, "not in the state database"),
            (.unreadable("disk on fire"), "the stored answer could not be read: disk on fire"),
            (.noStateDatabase, "no state database"),
            (.missingFromAnswer, "field missing from the answer"),
            (.implausible("savingsPercentage: 25000"), "implausible value dropped: savingsPercentage: 25000"),
            (
                .otherDenominationsType(answer: .fixed, resolved: .flexible),
                "the answer's values are fixed, not the resolved min-max"
            ),
            (.noDenominationValues, "the explore database has no denomination values"),
            (.notOfferedInCountry("RU"), "CTX is not offered in RU (blocked in the country)"),
        ]
        for (absence, sentence) in cases { #expect(liveReason(absence) == sentence, "\(absence)") }
        #expect(
            liveReason(.nullColumn, place: .column("gift_card_providers.active"))
                == "gift_card_providers.active is NULL in the explore database")
    }

    @Test("Used, used as the default, and shadowed by the winner's source; the provider's reason follows")
    func usedAndShadowed() {
        let steps = [
            Step(source: .live, place: .answer(.ctx), value: nil, outcome: .absent(.offline)),
            Step(
                source: .cached, place: .stateDatabase, value: .enabled(false), outcome: .used,
                providerReason: "out of stock"),
            Step(source: .local, place: .column("merchant.active"), value: .enabled(true), outcome: .shadowed(by: .cached)),
            Step(source: .default, value: .enabled(true), outcome: .shadowed(by: .cached)),
        ]
        let explained = field(steps)
        let reasons = steps.map { ExplanationOutput.reason($0, of: explained, in: [explained]) }
        #expect(
            reasons == [
                "not asked: offline", "used: out of stock", "not used: the cached value above wins",
                "not used: the cached value above wins",
            ])
        let fallback = Step(source: .default, value: .enabled(true), outcome: .used)
        #expect(ExplanationOutput.reason(fallback, of: field([fallback]), in: []) == "used: no source above has a value")
    }

    @Test("Values and places read as before: true, 300, min-max, 10, 25, 5...500, none; CTX's answer, ranks")
    func valuesAndPlaces() {
        #expect(ExplanationOutput.text(Step.Value.enabled(false)) == "false")
        #expect(ExplanationOutput.text(Step.Value.discount(basisPoints: 300)) == "300")
        #expect(ExplanationOutput.text(Step.Value.denominationsType(.flexible)) == "min-max")
        #expect(ExplanationOutput.text(Step.Value.denominations(Denominations.fixed([10, 25]))) == "10, 25")
        #expect(ExplanationOutput.text(Step.Value.denominations(Denominations.fixed([]))) == "none")
        #expect(
            ExplanationOutput.text(Step.Value.denominations(Denominations.flexible(minimum: 5, maximum: 500)))
                == "5...500")
        #expect(ExplanationOutput.text(nil as Step.Value?) == "none")
        #expect(ExplanationOutput.text(Step.Place.answer(.ctx)) == "CTX's answer")
        #expect(ExplanationOutput.text(Step.Place.stateDatabase) == "state database")
        #expect(ExplanationOutput.text(Step.Place.denominationValues) == "denomination values")
        #expect(ExplanationOutput.text(Step.Place.offer(.ctx, rank: 1, count: 2)) == "CTX offer, ranked 1 of 2")
    }

    @Test("The merchant's top line: why the first offer ranks first and where its value came from; why the rest rank below")
    func topLineOfOffers() {
        let offer = ExplainedField(
            provider: .ctx, sourceId: "id", field: .enabled,
            steps: [
                Step(
                    source: .live, place: .answer(.ctx), value: .enabled(false), outcome: .used,
                    providerReason: "out of stock")
            ], winnerIndex: 0)
        func top(_ first: Step.TopLine, _ second: Step.TopLine) -> [String] {
            let steps = [
                Step(
                    source: .live, place: .offer(.ctx, rank: 1, count: 2), value: .enabled(false), outcome: .used,
                    providerReason: "out of stock", topLine: first),
                Step(
                    source: .local, place: .offer(.ctx, rank: 2, count: 2), value: .enabled(true),
                    outcome: .shadowed(by: .live), topLine: second),
                Step(source: .default, value: .enabled(true), outcome: .shadowed(by: .live)),
            ]
            let merchant = field(steps, provider: nil)
            return steps.map { ExplanationOutput.reason($0, of: merchant, in: [merchant, offer]) }
        }
        let ranked = top(
            .highestDiscount(basisPoints: 300, runnerUp: .ctx, runnerUpBasisPoints: 100),
            .lowerDiscount(basisPoints: 100, first: .ctx, firstBasisPoints: 300))
        #expect(
            ranked == [
                "used: CTX ranks first with the highest discount (300 bp against 100 bp for CTX); its enabled is false "
                    + "from live (CTX's answer): out of stock",
                "not used: CTX ranks 2: its discount (100 bp) is below CTX's (300 bp)",
                "not used: the first-ranked offer's value above wins",
            ])
        let tied = top(.firstOnATie(basisPoints: 200, runnerUp: .ctx), .belowOnATie(basisPoints: 200, first: .ctx))
        #expect(tied[0].hasPrefix("used: CTX ranks first: its discount ties with CTX's (200 bp) and CTX comes first on a tie; "))
        #expect(tied[1] == "not used: CTX ranks 2: its discount ties (200 bp) and CTX comes first on a tie")
        let database = top(.firstInDatabaseOrder(basisPoints: 200), .belowOnATie(basisPoints: 200, first: .ctx))
        #expect(
            database[0].hasPrefix(
                "used: CTX ranks first: its discount ties (200 bp) and it comes first in the explore database; "))
        let only = top(.onlyOffer(hidden: [.ctx]), .belowOnATie(basisPoints: 0, first: .ctx))
        #expect(only[0].hasPrefix("used: CTX is the only provider offered (CTX not offered in the country); "))
    }

    @Test("The merchant's top line without offers: the merchant row decides, and why; NULL falls to the default")
    func topLineWithoutOffers() {
        func reasons(_ why: Step.TopLine, active: Bool?) -> [String] {
            let steps = [
                Step(
                    source: .local, place: .column("merchant.active"), value: active.map(Step.Value.enabled),
                    outcome: active == nil ? .absent(.nullColumn) : .used, topLine: why),
                Step(source: .default, value: .enabled(true), outcome: active == nil ? .used : .shadowed(by: .local)),
            ]
            let merchant = field(steps, provider: nil)
            return steps.map { ExplanationOutput.reason($0, of: merchant, in: [merchant]) }
        }
        #expect(
            reasons(.dashMerchant, active: false) == [
                "used: a Dash merchant has no gift-card offer, so the merchant row's active decides",
                "not used: the local value above wins",
            ])
        #expect(
            reasons(.noProviderOffered(hidden: [.ctx]), active: nil) == [
                "no gift-card provider is offered (CTX not offered in the country), so the merchant row's active "
                    + "decides; merchant.active is NULL in the explore database",
                "used: no source above has a value",
            ])
    }

    @Test("JSON: the outcome's kind, what shadows it, and the absence with its details")
    func outcomeJSON() {
        let failure = DashSpendFailure(.unavailable, "boom", provider: .ctx)
        let cases: [(Step.Outcome, String)] = [
            (.used, #"{"kind":"used"}"#),
            (.shadowed(by: .live), #"{"kind":"shadowed","by":"live"}"#),
            (.absent(.notSignedIn), #"{"kind":"absent","absence":"notSignedIn"}"#),
            (
                .absent(.fresh(age: 12.9, maxAge: 30)),
                #"{"kind":"absent","absence":"fresh","ageSeconds":12,"maxAgeSeconds":30.0}"#
            ),
            (
                .absent(.failed(failure)),
                #"{"kind":"absent","absence":"failed","failure":{"kind":"unavailable","message":"boom"}}"#
            ),
            (
                .absent(.otherDenominationsType(answer: .fixed, resolved: .flexible)),
                #"{"kind":"absent","absence":"otherDenominationsType","answer":"fixed","resolved":"min-max"}"#
            ),
            (.absent(.notOfferedInCountry("RU")), #"{"kind":"absent","absence":"notOfferedInCountry","country":"RU"}"#),
        ]
        for (outcome, json) in cases { #expect(ExplanationOutput.outcome(outcome).serialized() == json) }
    }
}
