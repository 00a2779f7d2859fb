import DashSpendCore
package import DashSpendExplore
package import DashSpendSetup

extension MerchantService {
    /// The merchant `idOrName` in `database` (the one every compiled-in provider shows), unresolved: the merchant
    /// with that id, else the one merchant with that exact name (any case); several with the name fail as
    /// ambiguous with the candidates; one not found fails with the closest names as candidates. `byId`: what
    /// the id was already found to be there (nil: read it).
    ///
    /// `lookingCloser` false skips what a miss costs a scan of the file for: the closest names, and a merchant
    /// hidden by name (a batch, which may have thousands of misses, reports them as not found).
    package static func identify(
        _ idOrName: String, in database: ExploreDatabase, byId: MerchantLookupResult? = nil, lookingCloser: Bool = true
    ) throws(DashSpendFailure) -> ExploreMerchant {
        try DashSpendFailure.checkNameLength(idOrName)
        do {
            // The side index of names (built once per file version) finds the id too, on a file without a
            // merchantId index; a file with them (the copy `sync` installs) is not worth attaching it for.
            if byId == nil, !database.schema.hasMerchantIdIndexes { _ = database.usesNameIndex }
            var lookup = try byId ?? database.merchant(id: idOrName)
            var merchantId = idOrName
            if case .notFound = lookup {
                let named = try database.merchants(named: idOrName)
                if named.count > 1 {
                    throw DashSpendFailure(
                        .ambiguous, "\(named.count) merchants are named \(idOrName)", subject: idOrName, candidates: named)
                }
                if let only = named.first {
                    merchantId = only.merchantId
                    lookup = try database.merchant(id: merchantId)
                } else if lookingCloser, let hidden = try database.merchantIds(namedEvenIfHidden: idOrName).first {
                    // Hidden from lists (sold only through a provider this build lacks): the same
                    // explanation as by id.
                    merchantId = hidden
                    lookup = try database.merchant(id: merchantId)
                }
            }
            switch lookup {
            case .found(let merchant): return merchant
            case .notFound:
                guard lookingCloser else { throw MerchantServiceError.notFound(idOrName) }
                let candidates = try database.closestMerchants(to: idOrName)
                throw DashSpendFailure(
                    .notFound, MerchantServiceError.notFound(idOrName).description, subject: idOrName,
                    candidates: candidates)
            case .soldOnlyThroughUnavailableProviders(let names):
                throw MerchantServiceError.onlyThroughUnavailableProviders(merchantId: merchantId, providers: names)
            }
        } catch {
            throw DashSpendFailure(error)
        }
    }
}
