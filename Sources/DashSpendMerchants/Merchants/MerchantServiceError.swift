package import DashSpendCore
package import DashSpendExplore

/// Why a merchant could not be resolved.
package enum MerchantServiceError: Error, Sendable, CustomStringConvertible {
    /// No merchant with that id in the explore database.
    case notFound(String)
    /// The merchant is sold only through providers this build does not include.
    case onlyThroughUnavailableProviders(merchantId: String, providers: [String])
    /// The merchant is sold only through providers that are not offered in the user's country.
    case notOfferedInCountry(merchantId: String, providers: [String], country: String)
    /// The explore database could not be read.
    case database(ExploreDatabaseError)
    /// A provider was required to answer and could not.
    case provider(DashSpendError)

    /// One line that says what is wrong and what to do.
    package var description: String {
        switch self {
        case .notFound(let id):
            return "merchant \(id) not found"
        case .onlyThroughUnavailableProviders(let id, let providers):
            let names = providers.joined(separator: ", ")
            return "merchant \(id) not found: it is sold only through \(names), and this build has no \(names) "
                + "(it was compiled without that provider)"
        case .notOfferedInCountry(let id, let providers, let country):
            return "merchant \(id) is sold only through \(providers.joined(separator: ", ")), "
                + "which is not offered in \(country)"
        case .database(let error):
            return error.description
        case .provider(let error):
            return error.description
        }
    }
}
