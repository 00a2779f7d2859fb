import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file `<target>.staging-XXXXXX` in the target's folder (so `rename` over the target is atomic),
/// written, synced, and either moved over the target or removed: an ``AtomicFile`` whose failures are
/// ``ExploreImportError/cannotWrite(path:reason:)`` and which also removes the files SQLite may leave
/// next to it.
final class StagingFile {
    private let file: AtomicFile

    /// The staged file.
    var path: String { file.path }

    /// Creates the file (mode 0600). `create` is `mkstemp` (replaceable so tests can make it fail).
    init(
        next target: String,
        create: (UnsafeMutablePointer<CChar>) -> Int32 = { mkstemp($0) }
    ) throws(ExploreImportError) {
        file = try Self.mapped { () throws(AtomicFile.Failure) in
            try AtomicFile(next: target, marker: ".staging-", create: create)
        }
    }

    deinit { discard() }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws(ExploreImportError) {
        try Self.mapped { () throws(AtomicFile.Failure) in try file.append(bytes) }
    }

    /// Appends `bytes`.
    func append(_ bytes: [UInt8]) throws(ExploreImportError) {
        try Self.mapped { () throws(AtomicFile.Failure) in try file.append(bytes) }
    }

    /// Flushes the data to disk and closes the file.
    func finish() throws(ExploreImportError) {
        try Self.mapped { () throws(AtomicFile.Failure) in try file.finish() }
    }

    /// Renames the closed file over `target`, without syncing the folder (see ``syncFolder(of:)``).
    func move(over target: String) throws(ExploreImportError) {
        try Self.mapped { () throws(AtomicFile.Failure) in try file.move(over: target) }
        removeSidecars()
    }

    /// Syncs the folder holding `target`, so renames in it survive a crash. Best effort: the files are in
    /// place whether or not the flush succeeds, and the import reports what it installed.
    static func syncFolder(of target: String) {
        do {
            try AtomicFile.syncFolder(of: target)
        } catch {
            // Nothing to undo: the renames are done and stay visible to every reader.
        }
    }

    /// Closes and removes the file unless it was committed.
    func discard() {
        if file.discard() { removeSidecars() }
    }

    /// Removes the `-journal`, `-wal` and `-shm` files SQLite may have left next to the staging path.
    private func removeSidecars() {
        for suffix in Self.sidecarSuffixes { unlink(path + suffix) }
    }

    /// The files SQLite keeps next to a database.
    static let sidecarSuffixes = ["-journal", "-wal", "-shm"]

    /// Removes every staging file of `target` (and their SQLite sidecars): those a killed or crashed run
    /// left behind. Call it only under the folder's sync lock, which every import holds before it creates a
    /// staging file, so none of them can belong to an import still running.
    static func removeLeftovers(next target: String) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let prefix = (slash.map { String(target[target.index(after: $0)...]) } ?? target) + ".staging-"
        DirectoryListing.removeFiles(in: folder) { $0.hasPrefix(prefix) }
    }

    /// Runs `body`, turning its ``AtomicFile/Failure`` into ``ExploreImportError/cannotWrite(path:reason:)``.
    private static func mapped<T>(_ body: () throws(AtomicFile.Failure) -> T) throws(ExploreImportError) -> T {
        do {
            return try body()
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }
}
