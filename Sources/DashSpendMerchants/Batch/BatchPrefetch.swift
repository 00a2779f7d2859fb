package import DashSpendExplore

/// The explore rows of a chunk of a batch's inputs, read in one statement
/// (``ExploreDatabase/merchants(ids:)``), and the database they were read from: a lookup uses them only while
/// that database is still the one in use.
package struct BatchPrefetch: Sendable {
    /// The database the rows come from; nil when nothing was read.
    let database: ExploreDatabase?
    /// The merchants found, by their `merchantId` as stored.
    let results: [String: MerchantLookupResult]

    /// The rows `results` read from `database`.
    package init(database: ExploreDatabase?, results: [String: MerchantLookupResult]) {
        self.database = database
        self.results = results
    }

    /// Nothing read ahead: every input is looked up on its own.
    package static let none = BatchPrefetch(database: nil, results: [:])

    /// What `input` was found to be in `database` by its id; nil when it must be looked up on its own (not
    /// matched as stored, or read from another database).
    func byId(_ input: String, in database: ExploreDatabase) -> MerchantLookupResult? {
        guard self.database === database else { return nil }
        return results[input]
    }
}
