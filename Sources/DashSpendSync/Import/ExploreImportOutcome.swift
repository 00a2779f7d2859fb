package import DashSpendExplore

/// What `sync` did.
package enum ExploreImportOutcome: Sendable, Hashable {
    /// The file was imported: the database now at `path`, what it contains, and the metadata written.
    case imported(path: String, info: ExploreDatabaseInfo, metadata: ExploreImportMetadata)
    /// Nothing was imported: the database in place has data at least as new as the ZIP's.
    case upToDate(path: String, stored: ExploreImportMetadata, incomingTimestamp: Int64)
}
