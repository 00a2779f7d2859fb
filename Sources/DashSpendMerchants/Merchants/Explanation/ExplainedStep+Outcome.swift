public import DashSpendCore
public import DashSpendSetup

extension ExplainedStep {
    /// What became of a source's value in its field's chain.
    public enum Outcome: Sendable, Hashable {
        /// The field takes this step's value: it is the first step with one (for the default step: no step
        /// above has one; for an offer of the merchant's top line: the offer ranks first).
        case used
        /// The step has a value, but a step above it with a value wins: the first one with a value, which
        /// comes from `source` (for an offer of the merchant's top line: the first-ranked offer's source).
        case shadowed(by: ValueSource)
        /// The step has no value, for this reason.
        case absent(Absence)
    }

    /// Why a step has no value.
    public enum Absence: Sendable, Hashable {
        // MARK: - The provider's live answer

        /// The provider was not asked: the user is not signed in to it.
        case notSignedIn
        /// The provider was asked (or could not be) and has no answer.
        case failed(DashSpendFailure)
        /// The provider was not asked: the stored answer, `age` seconds old, is younger than the policy's
        /// `maxAge`.
        case fresh(age: Double, maxAge: Double)
        /// The provider was not asked: the lookup does not use the network.
        case offline

        // MARK: - The stored answer

        /// The state database has no answer of the provider for this merchant.
        case notStored
        /// The stored answer could not be read, for this reason; it counts as none.
        case unreadable(String)
        /// There is no state database to read answers from.
        case noStateDatabase

        // MARK: - An answer, live or stored, without the field

        /// The answer does not have the field.
        case missingFromAnswer
        /// The answer's value cannot be real and was dropped, for this reason (`OfferPlausibility`).
        case implausible(String)
        /// The answer's denomination values are of another type than the one resolved for the offer.
        case otherDenominationsType(answer: DenominationsType, resolved: DenominationsType)

        // MARK: - The explore database

        /// The column (the step's ``ExplainedStep/place``) is NULL.
        case nullColumn
        /// The explore database keeps no denomination values, only their type.
        case noDenominationValues

        // MARK: - A hidden provider

        /// The provider is not offered in the user's country (an ISO 3166-1 alpha-2 code): no source is
        /// consulted.
        case notOfferedInCountry(String)
    }
}
