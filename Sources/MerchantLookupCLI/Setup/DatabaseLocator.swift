import DashSpendCore
import DashSpendExplore
import DashSpendSample

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Chooses the explore database: `--db PATH`, else the one `sync` keeps in the state directory for the
/// network, else the sample compiled into this binary. A file is checked with `PRAGMA quick_check` the
/// first time each version of it is used.
enum DatabaseLocator {
    /// The label used for the embedded sample.
    static let sampleOrigin = "embedded sample"

    /// Opens the database showing the offers of `providers` (default: those offered in `--country`).
    static func open(_ invocation: Invocation, providers: [GiftCardProvider]? = nil) throws(CLIError) -> ExploreDatabase {
        let providers = providers ?? invocation.visibleProviders
        do {
            let synced = invocation.stateDirectory + "/" + (try invocation.network()).rawValue + "/explore.db"
            if let path = invocation.arguments.value("--db") ?? (access(synced, F_OK) == 0 ? synced : nil) {
                let keyBeforeOpen = IntegrityStamp.key(path)
                let database = try ExploreDatabase(path: path, providers: providers)
                try IntegrityStamp(stateDirectory: invocation.stateDirectory)
                    .verify(database, path: path, keyBeforeOpen: keyBeforeOpen)
                return database
            }
            return try ExploreDatabase(bytes: EmbeddedSampleDatabase.bytes, origin: sampleOrigin, providers: providers)
        } catch let error as ExploreDatabaseError {
            throw CLIError(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)", code: .dataError)
        }
    }
}
