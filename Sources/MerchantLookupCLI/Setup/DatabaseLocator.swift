import DashSpendCore
import DashSpendExplore
import DashSpendSample

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Chooses the explore database: `--db PATH`, else the one `sync` keeps in the state directory for the
/// network, else the sample compiled into this binary.
enum DatabaseLocator {
    /// The label used for the embedded sample.
    static let sampleOrigin = "embedded sample"

    static func open(_ invocation: Invocation) throws(CLIError) -> ExploreDatabase {
        do {
            if let path = invocation.arguments.value("--db") {
                return try ExploreDatabase(path: path)
            }
            let synced = invocation.stateDirectory + "/" + (try invocation.network()).rawValue + "/explore.db"
            if access(synced, F_OK) == 0 {
                return try ExploreDatabase(path: synced)
            }
            return try ExploreDatabase(bytes: EmbeddedSampleDatabase.bytes, origin: sampleOrigin)
        } catch let error as ExploreDatabaseError {
            throw CLIError(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)", code: .dataError)
        }
    }
}
