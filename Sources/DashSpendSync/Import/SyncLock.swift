import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `flock(LOCK_EX)` on a lock file in a network folder, held for the length of a closure: `.sync.lock`
/// around an import, so two imports into the same folder run one after the other and the database and its
/// metadata always come from the same one; `.download.lock` around a download, so two syncs never write the
/// same partial file. The kernel releases the lock if the process dies.
enum SyncLock {
    /// The lock an import holds.
    static let importName = ".sync.lock"
    /// The lock a network sync holds from its update check to the end of its import.
    static let downloadName = ".download.lock"

    /// Runs `body` holding the lock `<directory>/<name>`, waiting for it first (this thread blocks).
    static func withLock<T>(
        directory: String, name: String = importName, _ body: () throws(ExploreImportError) -> T
    ) throws(ExploreImportError) -> T {
        let descriptor = try lock(directory + "/" + name)
        defer { close(descriptor) }
        return try body()
    }

    /// Runs the asynchronous `body` holding the lock `<directory>/<name>`, waiting for it first (the calling
    /// thread blocks while another process holds it).
    static func withLock<T>(directory: String, name: String, _ body: () async throws -> T) async throws -> T {
        let descriptor = try lock(directory + "/" + name)
        defer { close(descriptor) }
        return try await body()
    }

    private static func lock(_ path: String) throws(ExploreImportError) -> Int32 {
        do {
            return try LockFile.lock(path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
