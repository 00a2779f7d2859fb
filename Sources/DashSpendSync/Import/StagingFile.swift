#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file `<target>.staging-XXXXXX` in the target's folder (so `rename` over the target is atomic),
/// written, synced, and either moved over the target or removed.
final class StagingFile {
    let path: String
    private var descriptor: Int32
    private var finished = false

    /// Creates the file (mode 0600). `create` is `mkstemp` (replaceable so tests can make it fail).
    init(
        next target: String,
        create: (UnsafeMutablePointer<CChar>) -> Int32 = { mkstemp($0) }
    ) throws(ExploreImportError) {
        var template = Array((target + ".staging-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { create($0.baseAddress!) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            // Nothing was created: the path is still the template, which may name someone else's file.
            let reason = Self.lastError()
            finished = true
            throw .cannotWrite(path: target, reason: reason)
        }
    }

    deinit { discard() }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws(ExploreImportError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: Self.lastError())
            }
            offset += written
        }
    }

    /// Appends `bytes`.
    func append(_ bytes: [UInt8]) throws(ExploreImportError) {
        let failure = bytes.withUnsafeBytes { raw -> ExploreImportError? in
            do throws(ExploreImportError) {
                try append(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Flushes the data to disk and closes the file.
    func finish() throws(ExploreImportError) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else { throw .cannotWrite(path: path, reason: Self.lastError()) }
    }

    /// Renames the closed file over `target`, without syncing the folder (see ``syncFolder(of:)``).
    func move(over target: String) throws(ExploreImportError) {
        try finish()
        guard rename(path, target) == 0 else { throw .cannotWrite(path: target, reason: Self.lastError()) }
        finished = true
        removeSidecars()
    }

    /// Syncs the folder holding `target`, so renames in it survive a crash.
    static func syncFolder(of target: String) {
        let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            _ = close(directory)
        }
    }

    /// Closes and removes the file unless it was committed.
    func discard() {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        if !finished {
            unlink(path)
            removeSidecars()
            finished = true
        }
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
        guard let directory = opendir(folder.isEmpty ? "/" : folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let path = folder + "/" + name
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
