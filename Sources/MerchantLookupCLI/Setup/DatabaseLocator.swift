import DashSpendCore
import DashSpendExplore
import DashSpendSample

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Chooses the explore database: `--db PATH`, else the one `sync` keeps in the state directory for the
/// network, else (only when that one does not exist) the sample compiled into this binary. A file is
/// checked with `PRAGMA quick_check` the first time each version of it is used.
enum DatabaseLocator {
    /// The label used for the embedded sample.
    static let sampleOrigin = "embedded sample"

    /// Opens the database showing the offers of `providers` (default: those offered in `--country`).
    static func open(_ invocation: Invocation, providers: [GiftCardProvider]? = nil) throws(CLIError) -> ExploreDatabase {
        let providers = providers ?? invocation.visibleProviders
        do {
            let synced = invocation.stateDirectory + "/" + (try invocation.network()).rawValue + "/explore.db"
            if let path = try invocation.arguments.value("--db") ?? syncedPath(synced) {
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

    /// `synced` when something is there (even a broken link or a FIFO: opening it reports what is wrong), nil
    /// only when nothing was ever synced: `ENOENT` along the path. Any other failure to look (a state folder
    /// that cannot be read, a file where a folder should be) is an error naming the path, never a silent
    /// fall-back to the sample.
    static func syncedPath(_ synced: String) throws(ExploreDatabaseError) -> String? {
        var info = stat()
        if lstat(synced, &info) == 0 { return synced }
        if errno == ENOENT { return nil }
        throw .cannotOpen(path: synced, reason: String(cString: strerror(errno)))
    }
}
