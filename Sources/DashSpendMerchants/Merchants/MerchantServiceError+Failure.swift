package import DashSpendSetup

extension MerchantServiceError: FailureConvertible {
    /// The failure a merchant that could not be resolved stands for: not found (and why), or the database's
    /// or the provider's failure.
    package var failure: DashSpendFailure {
        switch self {
        case .notFound(let id):
            DashSpendFailure(.notFound, description, subject: id)
        case .onlyThroughUnavailableProviders(let id, _):
            DashSpendFailure(.notFound, description, cause: .providerNotCompiledIn, subject: id)
        case .notOfferedInCountry(let id, _, _):
            DashSpendFailure(.notFound, description, cause: .notOfferedInCountry, subject: id)
        case .database(let inner):
            DashSpendFailure(database: inner)
        case .provider(let inner):
            DashSpendFailure(provider: inner, at: nil)
        }
    }
}
